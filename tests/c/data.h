/* Reading the shared test data from C: whole files, the `.perft` format of tests/data/perft,
 * and the tab-separated rule cases written by cases_to_tsv.py. Independent of the library. */
#ifndef SHOGI_C_TESTS_DATA_H
#define SHOGI_C_TESTS_DATA_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The bytes of a file, NUL-terminated (the NUL is not counted in *len); NULL if it cannot be
 * read. Free with free(). */
char *data_read_file(const char *path, size_t *len);

/* Joins a folder and a relative path into a static buffer (valid until the next call). */
const char *data_path(const char *dir, const char *relative);

#define DATA_MAX_PERFT_DEPTHS 8

/* One position of a `.perft` file. */
typedef struct {
    char id[64];
    int line;
    char sfen[256];
    int unvalidated;
    int depth_count;
    uint32_t depths[DATA_MAX_PERFT_DEPTHS];
    uint64_t nodes[DATA_MAX_PERFT_DEPTHS];
} perft_record;

/* Parses a `.perft` file (format at the top of tests/data/perft/fast.perft). Returns the
 * number of records written to *records (an array to free with free()), or -1 with a message
 * on stderr for a malformed file. */
int data_load_perft(const char *path, perft_record **records);

/* Splits `line` in place at tabs into at most `max` fields; returns the number of fields. */
int data_split_tabs(char *line, char **fields, int max);

/* Splits `text` in place at spaces into at most `max` words; returns the number of words. */
int data_split_words(char *text, char **words, int max);

#ifdef __cplusplus
}
#endif

#endif
