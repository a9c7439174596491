/* Records whole from C: records with comments, bookmarks, engine comments, times and nested
 * variations are read (KIF, KIF in UTF-8 with a board diagram, KI2, CSA), their trees walked
 * without recursion and checked against what the files hold, then built again from nothing
 * through the editing functions; the copy equals the original and writes the same text. Also
 * the errors of every editing function, and the buffer protocols of the new text and move
 * outputs. */
#include <stdio.h>

#include "data.h"
#include "support.h"

/* What a record file holds, counted by hand from the file. */
struct tree_case {
    const char *path;
    shogi_record_format format;
    size_t lines;
    size_t moves;
    size_t max_depth;
    size_t start_comments;
    size_t move_comments;
    size_t end_comments;
    size_t bookmarks;
    size_t engine_comments;
    size_t timed_moves;
    size_t totals;
    size_t ends;
    /* The time used by the main line's moves, in milliseconds. */
    uint64_t main_used_ms;
    /* The first move of every line in walk order (depth first, earliest branch first). */
    const char *first_moves;
};

static const struct tree_case CASES[] = {
    {"kif/kifu-for-js/henka.kif", SHOGI_RECORD_FORMAT_KIF, 6, 29, 2, 11, 3, 0, 1, 0, 29, 29, 6,
     14000, "7g7f 2g2f 3c3d 3c3d 7i6h 2h6h"},
    {"kif/shogi-kifu-converter/kif-everyday_20211107.kifu", SHOGI_RECORD_FORMAT_KIF, 4, 21, 2, 1,
     4, 0, 1, 0, 21, 21, 3, 0, "B*1c 2b1b L*1c 2c3a+"},
    {"ki2/kifu-for-js/fork.ki2", SHOGI_RECORD_FORMAT_KI2, 8, 14, 3, 0, 0, 0, 0, 0, 0, 0, 8, 0,
     "7g7f 2g2f 8c8d 7g7f 7g7f 8c8d 2g2f 7f7e"},
    {"csa/kifu-for-js/"
     "dr1test1test0+tu-1_aobazero_viper-300-5F+aobazero+viper+20200719201040.csa",
     SHOGI_RECORD_FORMAT_CSA, 1, 400, 0, 2, 400, 14, 0, 400, 400, 400, 1, 2543000, "7g7f"},
};

/* Totals over a walk. */
struct tree_counts {
    size_t lines;
    size_t moves;
    size_t max_depth;
    size_t move_comments;
    size_t end_comments;
    size_t bookmarks;
    size_t engine_comments;
    size_t timed_moves;
    size_t totals;
    size_t ends;
    uint64_t main_used_ms;
    char first_moves[512];
};

/* Counts a comment of `kind` among the bookmarks or the engine comments. */
static void count_kinds(shogi_comment_kind kind, struct tree_counts *counts) {
    if (kind == SHOGI_COMMENT_BOOKMARK) {
        counts->bookmarks++;
    } else if (kind == SHOGI_COMMENT_ENGINE) {
        counts->engine_comments++;
    }
}

/* Checks that line `line` (with `info`) sits where its parent says. */
static void check_branch(const shogi_record *rec, shogi_line_id line, const shogi_line_info *info,
                         const char *name) {
    shogi_line_info parent;
    size_t n = 0;
    size_t k;
    int found = 0;
    if (line == SHOGI_LINE_MAIN) {
        CHECK_EQ_UINT(info->depth, 0);
        return;
    }
    if (!CHECK_OK(shogi_record_line_info(rec, info->parent, &parent))) {
        return;
    }
    if (info->depth != parent.depth + 1 || info->first_ply != parent.first_ply + info->branch_index ||
        info->branch_index >= parent.move_count) {
        CHECK_FAIL("%s: line %u (depth %lu, ply %u) does not fit its parent %u", name,
                   (unsigned)line, (unsigned long)info->depth, (unsigned)info->first_ply,
                   (unsigned)info->parent);
    }
    CHECK_OK(shogi_record_variation_count(rec, info->parent, info->branch_index, &n));
    for (k = 0; k < n; k++) {
        shogi_line_id v = 0;
        CHECK_OK(shogi_record_variation_at(rec, info->parent, info->branch_index, k, &v));
        found |= v == line;
    }
    if (!found) {
        CHECK_FAIL("%s: line %u is not among the variations of its branch point", name,
                   (unsigned)line);
    }
}

/* Walks every line of `rec` depth first with a stack of line ids (no recursion), calling
 * `visit` on each in order; returns the number of lines visited. */
typedef void (*line_visitor)(const shogi_record *rec, shogi_line_id line,
                             const shogi_line_info *info, void *data);

static size_t walk_tree(const shogi_record *rec, line_visitor visit, void *data) {
    size_t count = 0;
    size_t top = 0;
    size_t visited = 0;
    shogi_line_id *stack;
    if (!CHECK_OK(shogi_record_line_count(rec, &count))) {
        return 0;
    }
    stack = (shogi_line_id *)malloc(count * sizeof *stack);
    if (!CHECK(stack != NULL)) {
        return 0;
    }
    stack[top++] = SHOGI_LINE_MAIN;
    while (top > 0) {
        shogi_line_id line = stack[--top];
        shogi_line_info info;
        size_t i;
        if (!CHECK_OK(shogi_record_line_info(rec, line, &info))) {
            break;
        }
        visit(rec, line, &info, data);
        visited++;
        for (i = info.move_count; i-- > 0;) {
            size_t n = 0;
            CHECK_OK(shogi_record_variation_count(rec, line, i, &n));
            if (top + n > count) {
                CHECK_FAIL("more variations than lines");
                free(stack);
                return visited;
            }
            while (n-- > 0) {
                CHECK_OK(shogi_record_variation_at(rec, line, i, n, &stack[top++]));
            }
        }
    }
    free(stack);
    return visited;
}

/* Reads the `n` comments of one place through CALL(i, kind, buf, len, out) (a size query, then
 * the text, which must be one line), counts their kinds and adds `n` to `total`. */
#define COUNT_COMMENTS(n, CALL, counts, total)                                                     \
    do {                                                                                           \
        size_t cc_i_;                                                                              \
        for (cc_i_ = 0; cc_i_ < (n); cc_i_++) {                                                    \
            shogi_comment_kind cc_kind_ = 99;                                                      \
            size_t cc_len_ = 0;                                                                    \
            CHECK_RES(CALL(cc_i_, &cc_kind_, NULL, 0, &cc_len_), SHOGI_RESULT_BUFFER_TOO_SMALL);   \
            CHECK_EQ_UINT(cc_kind_, 99); /* written only on success */                             \
            {                                                                                      \
                char *cc_text_ = (char *)malloc(cc_len_ + 1);                                      \
                CHECK_OK(CALL(cc_i_, &cc_kind_, cc_text_, cc_len_ + 1, &cc_len_));                 \
                CHECK(strchr(cc_text_, '\n') == NULL);                                             \
                free(cc_text_);                                                                    \
            }                                                                                      \
            count_kinds(cc_kind_, counts);                                                         \
            (total)++;                                                                             \
        }                                                                                          \
    } while (0)

static void count_line(const shogi_record *rec, shogi_line_id line, const shogi_line_info *info,
                       void *data) {
    struct tree_counts *counts = (struct tree_counts *)data;
    shogi_line_end end;
    size_t i;
    size_t n = 0;
    char usi[16];
    counts->lines++;
    counts->moves += info->move_count;
    if (info->depth > counts->max_depth) {
        counts->max_depth = info->depth;
    }
    check_branch(rec, line, info, "walk");
    for (i = 0; i < info->move_count; i++) {
        shogi_move m = SHOGI_MOVE_NONE;
        shogi_record_time time;
        CHECK_OK(shogi_record_move_at(rec, line, i, &m));
        if (i == 0) {
            size_t used = strlen(counts->first_moves);
            if (used + 16 < sizeof counts->first_moves) {
                sprintf(counts->first_moves + used, "%s%s", used ? " " : "", usi_of(m, usi));
            }
        }
        CHECK_OK(shogi_record_move_time(rec, line, i, &time));
        counts->timed_moves += time.has_time;
        counts->totals += time.has_total;
        if (line == SHOGI_LINE_MAIN) {
            counts->main_used_ms += time.used_ms;
        }
        CHECK_OK(shogi_record_move_comment_count(rec, line, i, &n));
#define MOVE_COMMENT(k, kind, buf, len, out) shogi_record_move_comment(rec, line, i, k, kind, buf, len, out)
        COUNT_COMMENTS(n, MOVE_COMMENT, counts, counts->move_comments);
#undef MOVE_COMMENT
    }
    CHECK_OK(shogi_record_line_end(rec, line, &end));
    if (end.special != SHOGI_SPECIAL_NONE) {
        char name[32];
        size_t len = 0;
        counts->ends++;
        CHECK_OK(shogi_special_move_name(end.special, name, sizeof name, &len));
    } else {
        CHECK(!end.time.has_time);
    }
    CHECK_OK(shogi_record_end_comment_count(rec, line, &n));
#define END_COMMENT(k, kind, buf, len, out) shogi_record_end_comment(rec, line, k, kind, buf, len, out)
    COUNT_COMMENTS(n, END_COMMENT, counts, counts->end_comments);
#undef END_COMMENT
}

/* A record being built again from another, line by line. */
struct rebuild {
    shogi_record *to;
    /* The id in `to` of each line of `from`. */
    shogi_line_id *ids;
    int failed;
};

/* Copies the `n` comments of one place, read through GET(k, kind, buf, len, out), with
 * ADD(kind, text, len); a failure marks `job` failed. */
#define COPY_COMMENTS(n, CALL, ADD)                                                                \
    do {                                                                                           \
        size_t cp_k_;                                                                              \
        for (cp_k_ = 0; cp_k_ < (n); cp_k_++) {                                                    \
            shogi_comment_kind cp_kind_ = 0;                                                       \
            size_t cp_len_ = 0;                                                                    \
            char *cp_text_;                                                                        \
            CALL(cp_k_, &cp_kind_, NULL, 0, &cp_len_);                                             \
            cp_text_ = (char *)malloc(cp_len_ + 1);                                                \
            if (!CHECK_OK(CALL(cp_k_, &cp_kind_, cp_text_, cp_len_ + 1, &cp_len_)) ||              \
                !CHECK_OK(ADD(cp_kind_, cp_text_, cp_len_))) {                                     \
                job->failed = 1;                                                                   \
            }                                                                                      \
            free(cp_text_);                                                                        \
        }                                                                                          \
    } while (0)

/* Copies line `line` of `from` into `job->to`: as a new variation of the copy of its parent
 * (visited before it), its moves, times, comments, end and end comments. */
static void copy_line(const shogi_record *from, shogi_line_id line, const shogi_line_info *info,
                      void *data) {
    struct rebuild *job = (struct rebuild *)data;
    shogi_line_id to = SHOGI_LINE_MAIN;
    shogi_line_end end;
    size_t i;
    size_t n = 0;
    if (job->failed) {
        return;
    }
    for (i = 0; i < info->move_count; i++) {
        shogi_move m = SHOGI_MOVE_NONE;
        shogi_record_time time;
        CHECK_OK(shogi_record_move_at(from, line, i, &m));
        if (i == 0 && line != SHOGI_LINE_MAIN) {
            /* Its parent was copied before it (the walk is depth first). */
            if (!CHECK_OK(shogi_record_add_variation(job->to, job->ids[info->parent],
                                                     info->branch_index, m, &to))) {
                job->failed = 1;
                return;
            }
        } else if (!CHECK_OK(shogi_record_push_move(job->to, to, m))) {
            job->failed = 1;
            return;
        }
        CHECK_OK(shogi_record_move_time(from, line, i, &time));
        CHECK_OK(shogi_record_set_move_time(job->to, to, i, &time));
        CHECK_OK(shogi_record_move_comment_count(from, line, i, &n));
#define GET(k, kind, buf, len, out) shogi_record_move_comment(from, line, i, k, kind, buf, len, out)
#define ADD(kind, text, len) shogi_record_add_move_comment(job->to, to, i, kind, text, len)
        COPY_COMMENTS(n, GET, ADD);
#undef GET
#undef ADD
    }
    if (info->move_count == 0 && line != SHOGI_LINE_MAIN &&
        !CHECK_OK(shogi_record_add_variation(job->to, job->ids[info->parent], info->branch_index,
                                             SHOGI_MOVE_NONE, &to))) {
        job->failed = 1;
        return;
    }
    job->ids[line] = to;
    CHECK_OK(shogi_record_line_end(from, line, &end));
    CHECK_OK(shogi_record_set_line_end(job->to, to, &end));
    CHECK_OK(shogi_record_end_comment_count(from, line, &n));
#define GET(k, kind, buf, len, out) shogi_record_end_comment(from, line, k, kind, buf, len, out)
#define ADD(kind, text, len) shogi_record_add_end_comment(job->to, to, kind, text, len)
    COPY_COMMENTS(n, GET, ADD);
#undef GET
#undef ADD
}

shogi_record *rebuild_record(const shogi_record *from) {
    struct rebuild job_storage;
    struct rebuild *job = &job_storage;
    shogi_position *start = NULL;
    size_t count = 0;
    size_t n = 0;
    size_t i;
    job->to = NULL;
    job->failed = 0;
    if (!CHECK_OK(shogi_record_start_position(from, &start))) {
        return NULL;
    }
    CHECK_OK(shogi_record_new(start, &job->to));
    shogi_position_free(start);
    if (job->to == NULL) {
        return NULL;
    }
    CHECK_OK(shogi_record_header_count(from, &n));
    for (i = 0; i < n; i++) {
        char *key = NULL;
        char *value = NULL;
#define KEY(buf, len, out) shogi_record_header_key_at(from, i, buf, len, out)
#define VALUE(buf, len, out) shogi_record_header_value_at(from, i, buf, len, out)
        FETCH_TEXT(KEY, key);
        FETCH_TEXT(VALUE, value);
#undef KEY
#undef VALUE
        if (key != NULL && value != NULL) {
            CHECK_OK(shogi_record_add_header(job->to, TXT(key), TXT(value)));
        }
        free(key);
        free(value);
    }
    CHECK_OK(shogi_record_start_comment_count(from, &n));
#define GET(k, kind, buf, len, out) shogi_record_start_comment(from, k, kind, buf, len, out)
#define ADD(kind, text, len) shogi_record_add_start_comment(job->to, kind, text, len)
    COPY_COMMENTS(n, GET, ADD);
#undef GET
#undef ADD
    CHECK_OK(shogi_record_line_count(from, &count));
    job->ids = (shogi_line_id *)calloc(count, sizeof *job->ids);
    if (CHECK(job->ids != NULL)) {
        walk_tree(from, copy_line, job);
    }
    free(job->ids);
    if (job->failed) {
        shogi_record_free(job->to);
        return NULL;
    }
    return job->to;
}

/* The text of `rec` in `format` (malloc'd), or NULL (a recorded failure). */
static char *text_of(const shogi_record *rec, shogi_record_format format) {
    char *text = NULL;
#define WRITE(buf, len, out) shogi_record_write(rec, format, buf, len, out)
    FETCH_TEXT(WRITE, text);
#undef WRITE
    return text;
}

void check_same_record(const shogi_record *a, const shogi_record *b, shogi_record_format format,
                       const char *name) {
    bool equal = false;
    char *ta;
    char *tb;
    CHECK_OK(shogi_record_equal(a, b, &equal));
    if (!equal) {
        CHECK_FAIL("%s: the record built again differs from the original", name);
    }
    ta = text_of(a, format);
    tb = text_of(b, format);
    if (ta != NULL && tb != NULL && strcmp(ta, tb) != 0) {
        CHECK_FAIL("%s: the record built again writes other text:\n%.400s\n--- not ---\n%.400s",
                   name, tb, ta);
    }
    free(ta);
    free(tb);
}

static void corpus_trees(const char *data_dir) {
    size_t c;
    for (c = 0; c < sizeof CASES / sizeof CASES[0]; c++) {
        const struct tree_case *k = &CASES[c];
        struct tree_counts counts;
        size_t len = 0;
        size_t n = 0;
        size_t line_count = 0;
        shogi_line_id id;
        size_t start_total = 0;
        char path[512];
        uint8_t *bytes;
        shogi_record *rec = NULL;
        shogi_record *copy;
        shogi_record_error err;
        snprintf(path, sizeof path, "corpus/%s", k->path);
        bytes = (uint8_t *)data_read_file(data_path(data_dir, path), &len);
        if (!CHECK(bytes != NULL)) {
            continue;
        }
        memset(&err, 0, sizeof err);
        if (!CHECK_OK(shogi_record_read(bytes, len, SHOGI_RECORD_FORMAT_AUTO, &rec, &err))) {
            CHECK_FAIL("%s: %s", k->path, err.message);
            free(bytes);
            continue;
        }
        free(bytes);
        memset(&counts, 0, sizeof counts);
        CHECK_EQ_UINT(walk_tree(rec, count_line, &counts), k->lines);
        CHECK_OK(shogi_record_line_count(rec, &line_count));
        CHECK_EQ_UINT(line_count, k->lines);
        CHECK_OK(shogi_record_start_comment_count(rec, &n));
#define START_COMMENT(i, kind, buf, len, out) shogi_record_start_comment(rec, i, kind, buf, len, out)
        COUNT_COMMENTS(n, START_COMMENT, &counts, start_total);
#undef START_COMMENT
        CHECK_EQ_UINT(start_total, k->start_comments);
        if (counts.moves != k->moves || counts.max_depth != k->max_depth ||
            counts.move_comments != k->move_comments || counts.end_comments != k->end_comments ||
            counts.bookmarks != k->bookmarks || counts.engine_comments != k->engine_comments ||
            counts.timed_moves != k->timed_moves || counts.totals != k->totals ||
            counts.ends != k->ends || counts.main_used_ms != k->main_used_ms ||
            strcmp(counts.first_moves, k->first_moves) != 0) {
            CHECK_FAIL("%s: walked %lu moves, depth %lu, %lu move comments, %lu end comments, "
                       "%lu bookmarks, %lu engine comments, %lu timed moves, %lu totals, %lu "
                       "ends, %llu ms on the main line, first moves `%s`",
                       k->path, (unsigned long)counts.moves, (unsigned long)counts.max_depth,
                       (unsigned long)counts.move_comments, (unsigned long)counts.end_comments,
                       (unsigned long)counts.bookmarks, (unsigned long)counts.engine_comments,
                       (unsigned long)counts.timed_moves, (unsigned long)counts.totals,
                       (unsigned long)counts.ends, (unsigned long long)counts.main_used_ms,
                       counts.first_moves);
        }
        /* The plain loop over ids reaches the same lines, each fitting its parent. */
        for (id = 0; id < line_count; id++) {
            shogi_line_info info;
            if (CHECK_OK(shogi_record_line_info(rec, id, &info))) {
                check_branch(rec, id, &info, k->path);
            }
        }
        copy = rebuild_record(rec);
        if (CHECK(copy != NULL)) {
            check_same_record(rec, copy, SHOGI_RECORD_FORMAT_KIF, k->path);
            check_same_record(rec, copy, k->format, k->path);
            shogi_record_free(copy);
        }
        shogi_record_free(rec);
    }
}

/* A small record built call by call: every editing function and its errors. */
static void built_record(void) {
    shogi_position *start = NULL;
    shogi_position *pos = NULL;
    shogi_record *rec = NULL;
    shogi_record *back = NULL;
    shogi_record_time time = {true, 1000, true, 1000};
    shogi_record_time too_long = {true, UINT64_C(100000000001) * 1000, false, 0};
    shogi_line_end end = {SHOGI_SPECIAL_RESIGN, {true, 2000, false, 0}};
    shogi_line_end no_end = {SHOGI_SPECIAL_NONE, {false, 0, false, 0}};
    shogi_line_end bad_end = {17, {false, 0, false, 0}};
    shogi_line_info info;
    shogi_line_end read_end;
    shogi_record_time read_time;
    shogi_move moves[4];
    shogi_move m7g7f, m3c3d, m8c8d, m2g2f;
    shogi_line_id v = 99;
    size_t n = 0;
    bool equal = false;
    char *kif = NULL;
    if (!CHECK_OK(shogi_position_new(&start))) {
        return;
    }
    CHECK_OK(shogi_record_new(start, &rec));
    m7g7f = usi_move(start, "7g7f");
    shogi_position_free(start);
    if (rec == NULL) {
        return;
    }
    /* Headers by name, in order; the key of a name as the readers give it. */
    CHECK_OK(shogi_record_add_header(rec, TXT("先手"), TXT("A")));
    CHECK_OK(shogi_record_add_header(rec, TXT("棋戦"), TXT("B")));
    CHECK_OK(shogi_record_add_header(rec, TXT("先手"), TXT("C")));
    CHECK_OK(shogi_record_set_header(rec, TXT("先手"), TXT("D")));
    CHECK_OK(shogi_record_set_header(rec, TXT("後手"), TXT("E")));
    CHECK_RES(shogi_record_set_header(rec, TXT("a:b"), TXT("x")), SHOGI_RESULT_INVALID_ARGUMENT);
    CHECK_RES(shogi_record_add_header(rec, TXT(""), TXT("x")), SHOGI_RESULT_INVALID_ARGUMENT);
    CHECK_RES(shogi_record_add_header(rec, "\xe5\x85", 2, TXT("x")), SHOGI_RESULT_INVALID_UTF8);
    CHECK_OK(shogi_record_remove_header(rec, TXT("棋戦")));
    CHECK_RES(shogi_record_remove_header(rec, TXT("棋戦")), SHOGI_RESULT_NOT_FOUND);
    CHECK_OK(shogi_record_header_count(rec, &n));
    CHECK_EQ_UINT(n, 2);
#define VALUE0(buf, len, out) shogi_record_header_value_at(rec, 0, buf, len, out)
#define KEY1(buf, len, out) shogi_record_header_key_at(rec, 1, buf, len, out)
    CHECK_TEXT_OUT(VALUE0, "D");
    CHECK_TEXT_OUT(KEY1, "後手");
#undef VALUE0
#undef KEY1
#define HANDICAP(buf, len, out) shogi_record_handicap(rec, buf, len, out)
    CHECK_TEXT_OUT(HANDICAP, "平手");
#undef HANDICAP

    /* Moves, checked where they are played. */
    CHECK_OK(shogi_record_push_move(rec, SHOGI_LINE_MAIN, m7g7f));
    CHECK_RES(shogi_record_push_move(rec, SHOGI_LINE_MAIN, m7g7f),
              SHOGI_RESULT_ILLEGAL_NOT_A_PIECE_MOVE);
    CHECK_RES(shogi_record_push_move(rec, 1, m7g7f), SHOGI_RESULT_NOT_FOUND);
    CHECK_RES(shogi_record_push_move(rec, SHOGI_LINE_MAIN, 0xFFFFFFFFu),
              SHOGI_RESULT_INVALID_ARGUMENT);
    if (!CHECK_OK(shogi_record_position_at(rec, SHOGI_LINE_MAIN, 1, &pos))) {
        shogi_record_free(rec);
        return;
    }
    m3c3d = usi_move(pos, "3c3d");
    m8c8d = usi_move(pos, "8c8d");
    shogi_position_free(pos);
    CHECK_OK(shogi_record_push_move(rec, SHOGI_LINE_MAIN, m3c3d));
    CHECK_OK(shogi_record_set_move_time(rec, SHOGI_LINE_MAIN, 1, &time));
    CHECK_RES(shogi_record_set_move_time(rec, SHOGI_LINE_MAIN, 1, &too_long),
              SHOGI_RESULT_RECORD_NUMBER_TOO_LARGE);
    CHECK_RES(shogi_record_set_move_time(rec, SHOGI_LINE_MAIN, 2, &time), SHOGI_RESULT_NOT_FOUND);
    CHECK_OK(shogi_record_move_time(rec, SHOGI_LINE_MAIN, 1, &read_time));
    CHECK(read_time.has_time && read_time.used_ms == 1000 && read_time.total_ms == 1000);

    /* Comments: one line each, of a kind. */
    CHECK_OK(shogi_record_add_start_comment(rec, SHOGI_COMMENT_NORMAL, TXT("始め")));
    CHECK_OK(shogi_record_add_move_comment(rec, SHOGI_LINE_MAIN, 0, SHOGI_COMMENT_BOOKMARK,
                                           TXT("角道")));
    CHECK_OK(shogi_record_add_move_comment(rec, SHOGI_LINE_MAIN, 0, SHOGI_COMMENT_ENGINE,
                                           TXT("評価値 50")));
    CHECK_RES(shogi_record_add_move_comment(rec, SHOGI_LINE_MAIN, 0, SHOGI_COMMENT_NORMAL,
                                            TXT("two\nlines")),
              SHOGI_RESULT_INVALID_ARGUMENT);
    CHECK_RES(shogi_record_add_move_comment(rec, SHOGI_LINE_MAIN, 0, 3, TXT("x")),
              SHOGI_RESULT_INVALID_ARGUMENT);
    CHECK_RES(shogi_record_add_move_comment(rec, SHOGI_LINE_MAIN, 5, SHOGI_COMMENT_NORMAL,
                                            TXT("x")),
              SHOGI_RESULT_NOT_FOUND);
    {
        shogi_comment_kind kind = 99;
#define COMMENT1(buf, len, out)                                                                    \
    shogi_record_move_comment(rec, SHOGI_LINE_MAIN, 0, 1, &kind, buf, len, out)
        CHECK_TEXT_OUT(COMMENT1, "評価値 50");
#undef COMMENT1
        CHECK_EQ_UINT(kind, SHOGI_COMMENT_ENGINE);
#define START0(buf, len, out) shogi_record_start_comment(rec, 0, NULL, buf, len, out)
        CHECK_TEXT_OUT(START0, "始め");
#undef START0
    }

    /* The end, its time and comments. */
    CHECK_OK(shogi_record_set_line_end(rec, SHOGI_LINE_MAIN, &end));
    CHECK_RES(shogi_record_set_line_end(rec, SHOGI_LINE_MAIN, &bad_end),
              SHOGI_RESULT_INVALID_ARGUMENT);
    CHECK_OK(shogi_record_add_end_comment(rec, SHOGI_LINE_MAIN, SHOGI_COMMENT_NORMAL,
                                          TXT("投了図")));
    CHECK_OK(shogi_record_line_end(rec, SHOGI_LINE_MAIN, &read_end));
    CHECK_EQ_UINT(read_end.special, SHOGI_SPECIAL_RESIGN);
    CHECK_EQ_UINT(read_end.time.used_ms, 2000);
    {
#define END0(buf, len, out) shogi_record_end_comment(rec, SHOGI_LINE_MAIN, 0, NULL, buf, len, out)
        CHECK_TEXT_OUT(END0, "投了図");
#undef END0
#define NAME(buf, len, out) shogi_special_move_name(SHOGI_SPECIAL_RESIGN, buf, len, out)
        CHECK_TEXT_OUT(NAME, "resign");
#undef NAME
    }
    CHECK_OK(shogi_record_position_at(rec, SHOGI_LINE_MAIN, 2, &pos));
    m2g2f = usi_move(pos, "2g2f");
    shogi_position_free(pos);
    CHECK_RES(shogi_record_push_move(rec, SHOGI_LINE_MAIN, m2g2f),
              SHOGI_RESULT_RECORD_MOVE_AFTER_END);

    /* A variation of move 2 with a move of its own. */
    CHECK_RES(shogi_record_add_variation(rec, SHOGI_LINE_MAIN, 1, m7g7f, &v),
              SHOGI_RESULT_ILLEGAL_NOT_A_PIECE_MOVE);
    CHECK_RES(shogi_record_add_variation(rec, SHOGI_LINE_MAIN, 2, m8c8d, &v),
              SHOGI_RESULT_NOT_FOUND);
    CHECK_EQ_UINT(v, 99);
    CHECK_OK(shogi_record_add_variation(rec, SHOGI_LINE_MAIN, 1, m8c8d, &v));
    CHECK_EQ_UINT(v, 1);
    CHECK_OK(shogi_record_push_move(rec, v, m2g2f));
    CHECK_OK(shogi_record_line_info(rec, v, &info));
    CHECK(info.parent == SHOGI_LINE_MAIN && info.branch_index == 1 && info.depth == 1 &&
          info.move_count == 2 && info.first_ply == 2);
#define LINE_MOVES(buf, cap, out) shogi_record_line_moves(rec, v, buf, cap, out)
    CHECK_MOVES_OUT(LINE_MOVES, 2, moves);
#undef LINE_MOVES
    CHECK_EQ_UINT(moves[0], m8c8d);
    CHECK_EQ_UINT(moves[1], m2g2f);

    /* The KIF it writes reads back as the same record. */
    kif = text_of(rec, SHOGI_RECORD_FORMAT_KIF);
    if (kif != NULL && CHECK_OK(shogi_record_read(BYTES(kif), SHOGI_RECORD_FORMAT_KIF, &back,
                                                  NULL))) {
        CHECK_OK(shogi_record_equal(rec, back, &equal));
        if (!equal) {
            CHECK_FAIL("the KIF of a record built from C reads back otherwise:\n%s", kif);
        }
        shogi_record_free(back);
    }
    free(kif);

    /* Taking things away. */
    CHECK_OK(shogi_record_clear_move_comments(rec, SHOGI_LINE_MAIN, 0));
    CHECK_OK(shogi_record_move_comment_count(rec, SHOGI_LINE_MAIN, 0, &n));
    CHECK_EQ_UINT(n, 0);
    CHECK_OK(shogi_record_clear_start_comments(rec));
    CHECK_OK(shogi_record_clear_end_comments(rec, SHOGI_LINE_MAIN));
    CHECK_OK(shogi_record_end_comment_count(rec, SHOGI_LINE_MAIN, &n));
    CHECK_EQ_UINT(n, 0);
    CHECK_OK(shogi_record_set_line_end(rec, SHOGI_LINE_MAIN, &no_end));
    CHECK_RES(shogi_record_clear_end_comments(rec, SHOGI_LINE_MAIN), SHOGI_RESULT_NOT_FOUND);
    CHECK_RES(shogi_record_remove_variation(rec, SHOGI_LINE_MAIN), SHOGI_RESULT_INVALID_ARGUMENT);
    CHECK_RES(shogi_record_remove_variation(rec, 2), SHOGI_RESULT_NOT_FOUND);
    CHECK_OK(shogi_record_remove_variation(rec, v));
    CHECK_OK(shogi_record_line_count(rec, &n));
    CHECK_EQ_UINT(n, 1);
    CHECK_OK(shogi_record_truncate_line(rec, SHOGI_LINE_MAIN, 1));
    CHECK_RES(shogi_record_truncate_line(rec, 3, 0), SHOGI_RESULT_NOT_FOUND);
    CHECK_OK(shogi_record_line_info(rec, SHOGI_LINE_MAIN, &info));
    CHECK_EQ_UINT(info.move_count, 1);
    shogi_record_free(rec);
}

void test_record_tree(const char *data_dir) {
    check_suite("record trees");
    corpus_trees(data_dir);
    built_record();
}
