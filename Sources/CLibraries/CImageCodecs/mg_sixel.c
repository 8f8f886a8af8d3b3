// mg_sixel.c: the sixel body of indexed pixels, the same bytes as libsixel's sixel_encode.
//
// libsixel's encoder (tosixel.c, sixel_encode_body) clears and scans a map of every palette
// entry x the width for each 6-row band, and keeps the band's runs in a linked list that it
// inserts into and deletes from by walking it from the top: quadratic in the runs of a band,
// most of a noisy photo's CPU. This file makes the same choices with other bookkeeping: only
// the entries a band uses, within the columns they span, are scanned and cleared; runs are
// sorted by counting sort; "the next run that starts at or after x" is a find over the removed
// positions. The output is byte for byte libsixel's (7-bit DCS, raster attributes, RGB palette,
// "!255" repeat limit, runs bridged over gaps of fewer than 10 columns), which
// SixelBandWriterTests checks against libsixel itself.
#include "mg_sixel.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    uint8_t *bytes;
    size_t length;
    size_t capacity;
} sixel_out;

static int reserve(sixel_out *out, size_t more) {
    if (out->length + more <= out->capacity) return 1;
    size_t capacity = out->capacity ? out->capacity : 65536;
    while (capacity < out->length + more) capacity *= 2;
    uint8_t *bytes = realloc(out->bytes, capacity);
    if (!bytes) return 0;
    out->bytes = bytes;
    out->capacity = capacity;
    return 1;
}

// Callers reserve first: a number is at most 10 digits.
static inline void put_number(sixel_out *out, int value) {
    char digits[12];
    int n = 0;
    do {
        digits[n++] = (char)('0' + value % 10);
        value /= 10;
    } while (value > 0);
    while (n > 0) out->bytes[out->length++] = (uint8_t)digits[--n];
}

// A run of one sixel character as libsixel writes it: DECGRI (!count) above 3, at most 255 a
// repeat; never more bytes than the run has pixels.
static inline void put_run(sixel_out *out, uint8_t character, int count) {
    while (count > 255) {
        memcpy(out->bytes + out->length, "!255", 4);
        out->length += 4;
        out->bytes[out->length++] = character;
        count -= 255;
    }
    if (count > 3) {
        out->bytes[out->length++] = '!';
        put_number(out, count);
        out->bytes[out->length++] = character;
    } else {
        for (int i = 0; i < count; i++) out->bytes[out->length++] = character;
    }
}

// The first position at or after `p` not yet written (path halving).
static inline int next_left(int *parent, int p) {
    while (parent[p] != p) {
        parent[p] = parent[parent[p]];
        p = parent[p];
    }
    return p;
}

long mg_sixel_encode(const uint8_t *indices, int width, int height, const uint8_t *palette, int ncolors,
                     uint8_t **result) {
    *result = NULL;
    if (width < 1 || height < 1 || ncolors < 1 || ncolors > 256 || width > (1 << 24)) return -1;
    size_t w = (size_t)width;
    // 6 rows x width pixels give at most 6 x width runs a band.
    size_t most = 6 * w;
    uint8_t *map = calloc((size_t)ncolors * w, 1);
    int *run_sx = malloc(sizeof(int) * most), *run_mx = malloc(sizeof(int) * most);
    int *run_color = malloc(sizeof(int) * most);
    int *sorted = malloc(sizeof(int) * most);
    int *parent = malloc(sizeof(int) * (most + 1));
    int *start = malloc(sizeof(int) * (w + 2));
    sixel_out out = {0};
    int first_x[256], last_x[256];
    uint8_t used[256] = {0};
    long length = -1;
    if (!map || !run_sx || !run_mx || !run_color || !sorted || !parent || !start) goto done;

    if (!reserve(&out, 64 + 20 * (size_t)ncolors)) goto done;
    memcpy(out.bytes, "\033Pq\"1;1;", 8);
    out.length = 8;
    put_number(&out, width);
    out.bytes[out.length++] = ';';
    put_number(&out, height);
    for (int n = 0; n < ncolors; n++) {
        out.bytes[out.length++] = '#';
        put_number(&out, n);
        memcpy(out.bytes + out.length, ";2;", 3);
        out.length += 3;
        for (int k = 0; k < 3; k++) {
            if (k > 0) out.bytes[out.length++] = ';';
            put_number(&out, (palette[3 * n + k] * 100 + 127) / 255);
        }
    }

    int active = -1;
    for (int top = 0; top < height; top += 6) {
        int rows = height - top < 6 ? height - top : 6;
        for (int r = 0; r < rows; r++) {
            const uint8_t *row = indices + (size_t)(top + r) * w;
            uint8_t bit = (uint8_t)(1 << r);
            for (int x = 0; x < width; x++) {
                int c = row[x];
                if (c >= ncolors) continue;
                if (!used[c]) {
                    used[c] = 1;
                    first_x[c] = x;
                    last_x[c] = x;
                } else {
                    if (x < first_x[c]) first_x[c] = x;
                    if (x > last_x[c]) last_x[c] = x;
                }
                map[(size_t)c * w + (size_t)x] |= bit;
            }
        }

        // Runs in libsixel's order of discovery: by entry, then left to right; a run goes on
        // over gaps of fewer than 10 empty columns and stops at the entry's last column.
        int runs = 0;
        for (int c = 0; c < ncolors; c++) {
            if (!used[c]) continue;
            const uint8_t *m = map + (size_t)c * w;
            int end = last_x[c] + 1;
            int sx = first_x[c];
            while (sx < end) {
                if (m[sx] == 0) {
                    sx++;
                    continue;
                }
                int mx = sx + 1;
                for (;;) {
                    while (mx < end && m[mx]) mx++;
                    if (mx >= end) break;
                    int n = 1;
                    while (n < 10 && mx + n < end && m[mx + n] == 0) n++;
                    if (n >= 10 || mx + n >= end) break;
                    mx += n;
                }
                run_sx[runs] = sx;
                run_mx[runs] = mx;
                run_color[runs] = c;
                runs++;
                sx = mx;
            }
        }

        // libsixel's list order: start ascending, then end descending, then entry ascending
        // (counting sort by start keeps the discovery order; each start has at most 6 runs).
        for (int x = 0; x <= width + 1; x++) start[x] = 0;
        for (int i = 0; i < runs; i++) start[run_sx[i] + 1]++;
        for (int x = 0; x <= width; x++) start[x + 1] += start[x];
        for (int i = 0; i < runs; i++) sorted[start[run_sx[i]]++] = i;
        // start[x] is now where starts > x begin; shift back to where starts >= x begin.
        for (int x = width; x > 0; x--) start[x] = start[x - 1];
        start[0] = 0;
        for (int x = 0; x < width; x++) {
            for (int p = start[x] + 1; p < start[x + 1]; p++) {
                int v = sorted[p], q = p - 1;
                while (q >= start[x] && run_mx[sorted[q]] < run_mx[v]) {
                    sorted[q + 1] = sorted[q];
                    q--;
                }
                sorted[q + 1] = v;
            }
        }
        for (int p = 0; p <= runs; p++) parent[p] = p;

        if (!reserve(&out, 1)) goto done;
        if (top + rows - 1 != 5) out.bytes[out.length++] = '-';
        // Lines of the band: each takes, left to right, the first run left that starts at or
        // after where the line has got to; "$" goes back to the band's left edge.
        int written = 0;
        while (written < runs) {
            int x = 0;
            int p = next_left(parent, 0);
            if (written > 0) {
                if (!reserve(&out, 1)) goto done;
                out.bytes[out.length++] = '$';
            }
            while (p < runs) {
                int i = sorted[p];
                int sx = run_sx[i], mx = run_mx[i], c = run_color[i];
                if (!reserve(&out, (size_t)(mx - x) + 16)) goto done;
                if (active != c) {
                    out.bytes[out.length++] = '#';
                    put_number(&out, c);
                    active = c;
                }
                put_run(&out, '?', sx - x);
                const uint8_t *m = map + (size_t)c * w;
                int q = sx;
                while (q < mx) {
                    uint8_t v = m[q];
                    int e = q + 1;
                    while (e < mx && m[e] == v) e++;
                    put_run(&out, (uint8_t)('?' + v), e - q);
                    q = e;
                }
                x = mx;
                parent[p] = p + 1;
                written++;
                p = next_left(parent, start[x < width ? x : width]);
            }
        }

        for (int c = 0; c < ncolors; c++) {
            if (!used[c]) continue;
            memset(map + (size_t)c * w + first_x[c], 0, (size_t)(last_x[c] - first_x[c] + 1));
            used[c] = 0;
        }
    }

    if (!reserve(&out, 2)) goto done;
    out.bytes[out.length++] = '\033';
    out.bytes[out.length++] = '\\';
    length = (long)out.length;
    *result = out.bytes;
    out.bytes = NULL;

done:
    free(out.bytes);
    free(map);
    free(run_sx);
    free(run_mx);
    free(run_color);
    free(sorted);
    free(parent);
    free(start);
    return length;
}

void mg_sixel_free(uint8_t *bytes) { free(bytes); }
