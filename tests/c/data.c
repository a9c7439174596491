/* Reading the shared test data: see data.h. */
#include "data.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *data_read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    size_t size = 0;
    size_t cap = 0;
    size_t n;
    if (f == NULL) {
        return NULL;
    }
    for (;;) {
        if (cap - size < 4096) {
            char *grown;
            cap = cap ? cap * 2 : 65536;
            grown = (char *)realloc(buf, cap + 1);
            if (grown == NULL) {
                free(buf);
                fclose(f);
                return NULL;
            }
            buf = grown;
        }
        n = fread(buf + size, 1, cap - size, f);
        size += n;
        if (n == 0) {
            break;
        }
    }
    if (ferror(f)) {
        free(buf);
        fclose(f);
        return NULL;
    }
    fclose(f);
    buf[size] = '\0';
    *len = size;
    return buf;
}

const char *data_path(const char *dir, const char *relative) {
    static char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, relative);
    return path;
}

static char *trim(char *s) {
    char *end;
    while (*s == ' ' || *s == '\t' || *s == '\r') {
        s++;
    }
    end = s + strlen(s);
    while (end > s && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r')) {
        *--end = '\0';
    }
    return s;
}

static int copy_field(char *dst, size_t cap, const char *src, const char *path, int line) {
    if (strlen(src) >= cap) {
        fprintf(stderr, "%s:%d: value too long\n", path, line);
        return 0;
    }
    strcpy(dst, src);
    return 1;
}

int data_load_perft(const char *path, perft_record **out) {
    size_t len;
    char *text = data_read_file(path, &len);
    char *cursor;
    perft_record *records = NULL;
    int count = 0;
    int cap = 0;
    int open = 0;
    int line_no = 0;
    if (text == NULL) {
        fprintf(stderr, "%s: cannot read\n", path);
        return -1;
    }
    cursor = text;
    while (cursor != NULL) {
        char *line = cursor;
        char *newline = strchr(cursor, '\n');
        char *value;
        perft_record *r;
        if (newline != NULL) {
            *newline = '\0';
            cursor = newline + 1;
        } else {
            cursor = NULL;
            if (*line == '\0') {
                break;
            }
        }
        line_no++;
        line = trim(line);
        if (line[0] == '#') {
            continue;
        }
        if (line[0] == '\0') {
            open = 0;
            continue;
        }
        value = strchr(line, ' ');
        if (value != NULL) {
            *value++ = '\0';
        } else {
            value = line + strlen(line);
        }
        if (strcmp(line, "id") == 0) {
            if (open) {
                fprintf(stderr, "%s:%d: `id` inside a record\n", path, line_no);
                goto fail;
            }
            if (count == cap) {
                perft_record *grown;
                cap = cap ? cap * 2 : 64;
                grown = (perft_record *)realloc(records, (size_t)cap * sizeof *records);
                if (grown == NULL) {
                    goto fail;
                }
                records = grown;
            }
            r = &records[count++];
            memset(r, 0, sizeof *r);
            r->line = line_no;
            if (!copy_field(r->id, sizeof r->id, value, path, line_no)) {
                goto fail;
            }
            open = 1;
            continue;
        }
        if (!open) {
            fprintf(stderr, "%s:%d: `%s` before `id`\n", path, line_no, line);
            goto fail;
        }
        r = &records[count - 1];
        if (strcmp(line, "sfen") == 0) {
            if (!copy_field(r->sfen, sizeof r->sfen, value, path, line_no)) {
                goto fail;
            }
        } else if (strcmp(line, "unvalidated") == 0) {
            r->unvalidated = 1;
        } else if (strcmp(line, "perft") == 0) {
            unsigned long depth;
            unsigned long long nodes;
            char extra;
            if (sscanf(value, "%lu %llu %c", &depth, &nodes, &extra) != 2 ||
                r->depth_count == DATA_MAX_PERFT_DEPTHS) {
                fprintf(stderr, "%s:%d: expected `perft <depth> <nodes>`\n", path, line_no);
                goto fail;
            }
            r->depths[r->depth_count] = (uint32_t)depth;
            r->nodes[r->depth_count] = (uint64_t)nodes;
            r->depth_count++;
        } else {
            fprintf(stderr, "%s:%d: unknown key `%s`\n", path, line_no, line);
            goto fail;
        }
    }
    free(text);
    *out = records;
    return count;
fail:
    free(text);
    free(records);
    return -1;
}

int data_split_tabs(char *line, char **fields, int max) {
    int n = 0;
    while (n < max) {
        char *tab = strchr(line, '\t');
        fields[n++] = line;
        if (tab == NULL) {
            break;
        }
        *tab = '\0';
        line = tab + 1;
    }
    return n;
}

int data_split_words(char *text, char **words, int max) {
    int n = 0;
    char *p = text;
    while (*p != '\0' && n < max) {
        while (*p == ' ') {
            p++;
        }
        if (*p == '\0') {
            break;
        }
        words[n++] = p;
        while (*p != '\0' && *p != ' ') {
            p++;
        }
        if (*p == ' ') {
            *p++ = '\0';
        }
    }
    return n;
}
