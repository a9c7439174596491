/* The library-independent helpers of the C tests: see support_common.h. */
#include <stdint.h>

#include "check.h"

/* As support_common.h declares them (that header needs a library's codes); result_name is
 * defined by each library's support.c. */
#ifdef __cplusplus
extern "C" {
#endif
const char *result_name(uint32_t result);
int check_record_result(uint32_t got, uint32_t expected, const char *file, int line,
                        const char *expression);
#ifdef __cplusplus
}
#endif

int check_record_result(uint32_t got, uint32_t expected, const char *file, int line,
                        const char *expression) {
    if (got == expected) {
        return check_record(1, file, line, expression);
    }
    check_fail_message(file, line, "%s returned %s (%u), expected %s (%u)", expression,
                       result_name(got), (unsigned)got, result_name(expected), (unsigned)expected);
    return 0;
}
