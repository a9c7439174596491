// A small assertion framework for the tests of the C++ wrapper (include/shogi_rules.hpp).
//
// A failed check prints file:line, the expression and, for CHECK_EQ, both values; the test goes
// on, so one run reports every failure, and summary() gives the exit status. CHECK_THROWS checks
// that an expression throws exactly the expected class (not a subclass of it, nor a base) with
// the expected result code; CHECK_THROWS_THEN hands the exception to more checks.
#ifndef SHOGI_CPP_TESTS_CHECK_HPP
#define SHOGI_CPP_TESTS_CHECK_HPP

#include <shogi_rules.hpp>

#include <cstdint>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <type_traits>
#include <typeinfo>
#include <utility>
#include <vector>

namespace check {

struct totals {
    long checks = 0;
    long failures = 0;
};

inline totals &counts() {
    static totals t;
    return t;
}

inline bool record(bool ok, const char *file, int line, const std::string &what) {
    ++counts().checks;
    if (!ok) {
        ++counts().failures;
        std::cerr << file << ":" << line << ": check failed: " << what << "\n";
    }
    return ok;
}

template <class T> std::string show(const T &value) {
    std::ostringstream out;
    if constexpr (std::is_same_v<T, shogi_result>) {
        const char *name = shogi::result_name(value);
        out << (name != nullptr ? name : "unknown result") << " ("
            << static_cast<std::uint32_t>(value) << ")";
    } else if constexpr (std::is_enum_v<T>) {
        out << static_cast<long long>(value);
    } else if constexpr (std::is_same_v<T, shogi::move>) {
        out << "move " << value.bits();
    } else if constexpr (std::is_same_v<T, shogi::square>) {
        out << "square " << static_cast<int>(value.index());
    } else if constexpr (std::is_same_v<T, std::optional<std::string>>) {
        if (value) {
            out << '"' << *value << '"';
        } else {
            out << "nullopt";
        }
    } else if constexpr (std::is_same_v<T, std::string> || std::is_convertible_v<T, const char *>) {
        out << '"' << value << '"';
    } else if constexpr (std::is_same_v<T, bool>) {
        out << (value ? "true" : "false");
    } else if constexpr (std::is_integral_v<T>) {
        out << +value;
    } else {
        out << "(value)";
    }
    return out.str();
}

template <class A, class B>
bool equal(const A &got, const B &expected, const char *file, int line, const char *expression) {
    const bool ok = got == expected;
    if (!ok) {
        return record(false, file, line,
                      std::string(expression) + ": got " + show(got) + ", expected " +
                          show(expected));
    }
    return record(true, file, line, expression);
}

inline void suite(const char *name) { std::cout << "== " << name << "\n"; }

inline int summary() {
    std::cout << counts().checks << " checks, " << counts().failures << " failed\n";
    return counts().failures == 0 ? 0 : 1;
}

} // namespace check

#define CHECK(expr) check::record(static_cast<bool>(expr), __FILE__, __LINE__, #expr)
#define CHECK_EQ(got, expected)                                                                    \
    check::equal((got), (expected), __FILE__, __LINE__, #got " == " #expected)

// CHECK_THROWS(expression, exception class, expected code)
// CHECK_THROWS_THEN(expression, exception class, expected code, checks on the exception `e`)
#define CHECK_THROWS(expr, type, expected_code) CHECK_THROWS_THEN(expr, type, expected_code, ;)
#define CHECK_THROWS_THEN(expr, type, expected_code, ...)                                          \
    do {                                                                                           \
        bool thrown_ = false;                                                                      \
        try {                                                                                      \
            (void)(expr);                                                                          \
        } catch (const type &e) {                                                                  \
            thrown_ = true;                                                                        \
            check::record(typeid(e) == typeid(type), __FILE__, __LINE__,                           \
                          std::string(#expr " throws exactly " #type ", not ") +                   \
                              typeid(e).name());                                                   \
            CHECK_EQ(e.code(), (expected_code));                                                   \
            __VA_ARGS__                                                                            \
        } catch (const std::exception &other_) {                                                   \
            thrown_ = true;                                                                        \
            check::record(false, __FILE__, __LINE__,                                               \
                          std::string(#expr " threw another exception: ") + other_.what());        \
        }                                                                                          \
        check::record(thrown_, __FILE__, __LINE__, #expr " throws " #type);                        \
    } while (0)

// The test groups (one file each) and the data folder they read (tests/data).
void test_values();
void test_positions();
void test_games();
void test_records(const std::string &data_dir);
void test_handles();
void test_usi();
void test_ai();

#endif
