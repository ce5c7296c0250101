/* The compiled inner loop of the sweep (rummy101_solver/engine/sweep.py).
 *
 * The same dynamic programme as the pure-Python ``Sweep``, step for step:
 * the same states, the same moves, the same pruning, the same joins; one
 * difference: with a bar, the value bound leaves out the rack's tiles that
 * no meld can hold with the tiles still to place (need_after). It drops more
 * entries that cannot reach the bar, never one that can, so every answer is
 * the same (tests/test_sweep_engines.py, tests/sweep_vs_sat.py). Python
 * hands over the game's tables once (``init``: colour states, set tallies,
 * which tallies make sets, the short runs' lacking tiles), so every rule
 * lives in sweep.py; this file only runs the loops. The tests compare both
 * on hundreds of racks (tests/test_sweep.py) and CP-SAT checks both.
 *
 * State key (32 bits): 4 colours x 6 bits (colour state), 2 bits wild tiles
 * used (bit 24), the tally of the number's sets (bit 26 on).  Per state the
 * best value for each (placed k, unlaid u) slot, -1 for none.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define NCS 35
#define NTALLY 15
#define NSTEPS 65
#define NLAYERS 66
#define W_SHIFT 24
#define T_SHIFT 26
#define CS_MASK 63u
#define MAXMOVES 256
#define NSUB (NCS * 4)

static int CSA[NCS][3];
static int CSID[5][5][5];
static int TALLY[NTALLY][2];
static int TALLY_ADD[NTALLY][3];
static unsigned char SETS_FIT[5][5][3];
static int SHORTT[NCS][3][3];
static int SHORTL[3][3][NCS]; /* SHORTT by (held at m, held at m + 1) first */
static int inited = 0;

/* ------------------------------------------------------------------ layers */

/* An arena: the forward layers' memory, taken in large chunks and given
 * back all at once when the sweep is freed (a forward layer lives as long
 * as its sweep); a small sweep otherwise spent a third of its time in
 * malloc and free. */
typedef struct Chunk {
    struct Chunk *next;
    size_t size, used, pad; /* 32 bytes: the data stays 16-byte aligned */
    char data[];
} Chunk;

typedef struct {
    Chunk *head;
} Arena;

#define CHUNK_BYTES 65536
/* chunks of CHUNK_BYTES given back by freed sweeps, kept for the next ones
 * (at most SPARE_MAX: 16 MiB), so that their pages are not given back to
 * the system and faulted in again on every sweep */
#define SPARE_MAX 256
static Chunk *spare = NULL;
static int nspare = 0;

static void *arena_alloc(Arena *A, size_t bytes) {
    bytes = (bytes + 15) & ~(size_t)15;
    Chunk *c = A->head;
    if (!c || c->used + bytes > c->size) {
        size_t sz = bytes > CHUNK_BYTES ? bytes : CHUNK_BYTES;
        if (sz == CHUNK_BYTES && spare) {
            c = spare;
            spare = c->next;
            nspare--;
        } else {
            c = malloc(sizeof(Chunk) + sz);
        }
        if (!c) return NULL;
        c->next = A->head;
        c->size = sz;
        c->used = 0;
        A->head = c;
    }
    void *p = c->data + c->used;
    c->used += bytes;
    return p;
}

static void arena_free(Arena *A) {
    while (A->head) {
        Chunk *next = A->head->next;
        if (A->head->size == CHUNK_BYTES && nspare < SPARE_MAX) {
            A->head->next = spare;
            spare = A->head;
            nspare++;
        } else {
            free(A->head);
        }
        A->head = next;
    }
}

typedef struct {
    int n, capn, hsize;
    Arena *arena; /* NULL: keys, val, occ, cnt and hash are malloc'ed */
    uint32_t *keys;
    int16_t *val;  /* n * slots, -1: none */
    uint16_t *occ; /* n * slots: the occupied slots, cnt of them */
    uint16_t *cnt;
    int32_t *hash;
    int16_t *pmax; /* lazily: n * (limit + 1), best value with at most r placed */
} Layer;

static int slots_g; /* set per sweep before layer calls (single-threaded, GIL held) */
/* layer memory of the forward pass under way, and its budget: a sweep that
 * would need more stops with MemoryError instead of taking the machine's
 * memory (a bar far above a rack's reach needs many drawn tiles) */
static size_t op_bytes = 0;
static size_t BUDGET = (size_t)1 << 30; /* 1 GiB; RUMMY101_SWEEP_MEMORY (bytes) changes it */

/* the error of a failed allocation: over the budget, the budget's message (as
 * the pure-Python engine words it, sweep_steps.over_budget); else out of memory */
static PyObject *no_memory(int limit) {
    if (op_bytes <= BUDGET) return PyErr_NoMemory();
    if (BUDGET >= ((size_t)1 << 20))
        return PyErr_Format(PyExc_MemoryError,
                            "the sweep placing up to %d tiles needs more than %zu MiB", limit,
                            BUDGET >> 20);
    return PyErr_Format(PyExc_MemoryError,
                        "the sweep placing up to %d tiles needs more than %zu bytes", limit,
                        BUDGET);
}

static void *lalloc(Layer *L, size_t bytes) {
    return L->arena ? arena_alloc(L->arena, bytes) : malloc(bytes);
}

static void lfree(Layer *L, void *p) {
    if (!L->arena) free(p);
}

/* p (old bytes) grown to bytes: realloc, or in an arena a new place */
static void *lgrow(Layer *L, void *p, size_t old, size_t bytes) {
    if (!L->arena) return realloc(p, bytes);
    void *q = arena_alloc(L->arena, bytes);
    if (q && old) memcpy(q, p, old);
    return q;
}

static void layer_free(Layer *L) {
    lfree(L, L->keys);
    lfree(L, L->val);
    lfree(L, L->occ);
    lfree(L, L->cnt);
    lfree(L, L->hash);
    free(L->pmax);
    memset(L, 0, sizeof(*L));
}

static int layer_init_in(Layer *L, int capn, Arena *arena) {
    memset(L, 0, sizeof(*L));
    L->arena = arena;
    if (capn < 8) capn = 8;
    L->capn = capn;
    L->hsize = 16;
    while (L->hsize < 2 * capn) L->hsize <<= 1;
    op_bytes += (size_t)capn * (sizeof(uint32_t) + sizeof(uint16_t) +
                                (size_t)slots_g * (sizeof(int16_t) + sizeof(uint16_t))) +
                sizeof(int32_t) * (size_t)L->hsize;
    if (op_bytes > BUDGET) return -1;
    L->keys = lalloc(L, sizeof(uint32_t) * capn);
    L->val = lalloc(L, sizeof(int16_t) * (size_t)capn * slots_g);
    L->occ = lalloc(L, sizeof(uint16_t) * (size_t)capn * slots_g);
    L->cnt = lalloc(L, sizeof(uint16_t) * capn);
    L->hash = lalloc(L, sizeof(int32_t) * L->hsize);
    if (!L->keys || !L->val || !L->occ || !L->cnt || !L->hash) return -1;
    memset(L->hash, 0xff, sizeof(int32_t) * L->hsize);
    return 0;
}

static int layer_init(Layer *L, int capn) { return layer_init_in(L, capn, NULL); }

static inline uint32_t hkey(uint32_t k) {
    k ^= k >> 16;
    k *= 0x7feb352dU;
    k ^= k >> 15;
    k *= 0x846ca68bU;
    k ^= k >> 16;
    return k;
}

static inline int layer_find(const Layer *L, uint32_t key) {
    if (!L->n) return -1;
    uint32_t m = (uint32_t)L->hsize - 1, h = hkey(key) & m;
    for (;;) {
        int32_t i = L->hash[h];
        if (i < 0) return -1;
        if (L->keys[i] == key) return i;
        h = (h + 1) & m;
    }
}

static int layer_rehash(Layer *L, int hsize) {
    int32_t *nh = lalloc(L, sizeof(int32_t) * hsize);
    if (!nh) return -1;
    memset(nh, 0xff, sizeof(int32_t) * hsize);
    uint32_t m = (uint32_t)hsize - 1;
    for (int i = 0; i < L->n; i++) {
        uint32_t h = hkey(L->keys[i]) & m;
        while (nh[h] >= 0) h = (h + 1) & m;
        nh[h] = i;
    }
    lfree(L, L->hash);
    L->hash = nh;
    L->hsize = hsize;
    return 0;
}

/* index of key, inserted (empty) if absent; -1 on memory failure */
static int layer_get(Layer *L, uint32_t key) {
    uint32_t m = (uint32_t)L->hsize - 1, h = hkey(key) & m;
    for (;;) {
        int32_t i = L->hash[h];
        if (i < 0) break;
        if (L->keys[i] == key) return i;
        h = (h + 1) & m;
    }
    if (L->n == L->capn) {
        int nc = L->capn * 2;
        op_bytes += (size_t)L->capn * (sizeof(uint32_t) + sizeof(uint16_t) +
                                       (size_t)slots_g * (sizeof(int16_t) + sizeof(uint16_t))) +
                    sizeof(int32_t) * (size_t)L->hsize * 2;
        if (op_bytes > BUDGET) return -1;
        size_t oc = (size_t)L->capn;
        uint32_t *k = lgrow(L, L->keys, sizeof(uint32_t) * oc, sizeof(uint32_t) * nc);
        if (!k) return -1;
        L->keys = k;
        int16_t *v = lgrow(L, L->val, sizeof(int16_t) * oc * slots_g,
                           sizeof(int16_t) * (size_t)nc * slots_g);
        if (!v) return -1;
        L->val = v;
        uint16_t *o = lgrow(L, L->occ, sizeof(uint16_t) * oc * slots_g,
                            sizeof(uint16_t) * (size_t)nc * slots_g);
        if (!o) return -1;
        L->occ = o;
        uint16_t *c = lgrow(L, L->cnt, sizeof(uint16_t) * oc, sizeof(uint16_t) * nc);
        if (!c) return -1;
        L->cnt = c;
        L->capn = nc;
    }
    int i = L->n++;
    L->keys[i] = key;
    L->cnt[i] = 0;
    int16_t *v = L->val + (size_t)i * slots_g;
    for (int s = 0; s < slots_g; s++) v[s] = -1;
    if (2 * L->n > L->hsize) {
        if (layer_rehash(L, L->hsize * 2) < 0) return -1;
    } else {
        L->hash[h] = i;
    }
    return i;
}

static inline void layer_put(Layer *L, int i, int slot, int v) {
    int16_t *p = L->val + (size_t)i * slots_g + slot;
    if (*p < 0) {
        L->occ[(size_t)i * slots_g + L->cnt[i]++] = (uint16_t)slot;
        *p = (int16_t)v;
    } else if (v > *p) {
        *p = (int16_t)v;
    }
}

/* drop states with no entries (keeps order; rebuilds the hash) */
static int layer_compact(Layer *L) {
    int j = 0;
    for (int i = 0; i < L->n; i++) {
        if (!L->cnt[i]) continue;
        if (i != j) {
            L->keys[j] = L->keys[i];
            L->cnt[j] = L->cnt[i];
            memcpy(L->val + (size_t)j * slots_g, L->val + (size_t)i * slots_g,
                   sizeof(int16_t) * slots_g);
            memcpy(L->occ + (size_t)j * slots_g, L->occ + (size_t)i * slots_g,
                   sizeof(uint16_t) * slots_g);
        }
        j++;
    }
    if (j == L->n) return 0;
    L->n = j;
    return layer_rehash(L, L->hsize);
}

/* ------------------------------------------------------------------ moves */

typedef struct {
    int8_t dk, cs2, s, w2, du, part, placed;
    int16_t dv, order;
} Move;

typedef struct {
    int n;
    Move m[];
} MoveList;

typedef struct Edge {
    int32_t i; /* the state of fwd[s] */
    int8_t dk, du, placed;
    int16_t dv;
} Edge;

typedef struct EdgeRec {
    int32_t j; /* the state of fwd[s + 1] */
    Edge e;
} EdgeRec;

typedef struct {
    PyObject_HEAD
    int held[52], avail[52];
    int wh, wavail, max_laid, size, limit, capu, wmax, slots, cols;
    int vbar;           /* > 0: drop forward entries that cannot reach it (value bound) */
    /* remr[s][r]: the points of the rack's tiles at the colour steps from s on
     * that a meld can still hold with r more tiles placed or wild (r = 2: all
     * of them); see need_after */
    int remr[NLAYERS][3];
    int *slot_k, *slot_u;
    Layer fwd[NLAYERS];
    Layer back[NLAYERS];
    int have_back, back_bar;
    /* per step s, per state j of fwd[s + 1]: the moves into it from fwd[s] */
    int32_t *pstart[NSTEPS];
    struct Edge *edges[NSTEPS];
    int have_preds;
    /* the forward's moves, recorded for the predecessor index */
    struct EdgeRec *rec;
    int nrec, caprec, rec_ok;
    uint64_t stamp; /* this sweep's mark in the move table (g_moves) */
    Arena arena;    /* the forward layers' memory */
    MoveList **owned;
    int nowned, capowned;
    int8_t closing[NSTEPS][NTALLY][3];
} SweepObject;

static inline int wild_cost(int w, int j, int wh) {
    int a = w + j - wh, b = w - wh;
    return (a > 0 ? a : 0) - (b > 0 ? b : 0);
}

static inline int held_at(const int *held, int c, int n) {
    return n <= 13 ? held[c * 13 + n - 1] : 0;
}

static int move_cmp_key(const Move *m, int wh) {
    int free = wh - m->w2;
    if (free < 0) free = 0;
    int p = m->part - free;
    return m->dk + (p > 0 ? p : 0);
}

/* the moves of colour c at number n from colour state cs with w wild tiles
 * used: sweep.py's _sorted_moves (fewest placed first, stable) */
static MoveList *build_moves(int n, int cs, int w, int held, int avail, int wmax, int wh,
                             int nxt, int after) {
    Move buf[MAXMOVES];
    int cnt = 0;
    int a1 = CSA[cs][0], a2 = CSA[cs][1], a3 = CSA[cs][2];
    int wl = wmax - w;
    if (!(n == 13 && a1)) {
        for (int x = 0; x <= a3; x++) {
            int ymax = (x == a3 && n <= 11) ? avail + wl : 0;
            for (int y = 0; y <= ymax; y++) {
                int tiles = a1 + a2 + x + y;
                int n1 = y, n2 = a1, n3 = a2 + x;
                if (n1 + n2 + n3 > 4) continue;
                int cs2 = CSID[n1][n2][n3];
                int value = a2 * (3 * n - 3) + x * n;
                int jmax = wl < tiles ? wl : tiles;
                for (int j = 0; j <= jmax; j++) {
                    int real = tiles - j;
                    for (int s = 0; s < 3; s++) {
                        int used = real + s;
                        if (used > avail) break;
                        if (cnt >= MAXMOVES) return NULL;
                        Move *m = &buf[cnt];
                        int dk0 = used - held > 0 ? used - held : 0;
                        m->placed = (int8_t)dk0;
                        m->du = (int8_t)(held - used > 0 ? held - used : 0);
                        m->dv = (int16_t)(value + n * s);
                        m->cs2 = (int8_t)cs2;
                        m->s = (int8_t)s;
                        m->w2 = (int8_t)(w + j);
                        m->dk = (int8_t)(dk0 + wild_cost(w, j, wh));
                        m->part = (int8_t)SHORTT[cs2][nxt][after];
                        m->order = (int16_t)cnt;
                        cnt++;
                    }
                }
            }
        }
    }
    /* stable insertion sort by the bound */
    for (int i = 1; i < cnt; i++) {
        Move t = buf[i];
        int kt = move_cmp_key(&t, wh);
        int j = i - 1;
        while (j >= 0 && move_cmp_key(&buf[j], wh) > kt) {
            buf[j + 1] = buf[j];
            j--;
        }
        buf[j + 1] = t;
    }
    MoveList *ml = malloc(sizeof(MoveList) + sizeof(Move) * (cnt ? cnt : 1));
    if (!ml) return NULL;
    ml->n = cnt;
    memcpy(ml->m, buf, sizeof(Move) * cnt);
    return ml;
}

/* counts of face (c, n) as the sweep sees them, with an optional change */
typedef struct {
    int face; /* -1: none */
    int dheld, davail;
} Mod;

static inline int s_held(const SweepObject *S, const Mod *md, int i) {
    return S->held[i] + (md && md->face == i ? md->dheld : 0);
}
static inline int s_avail(const SweepObject *S, const Mod *md, int i) {
    return S->avail[i] + (md && md->face == i ? md->davail : 0);
}

/* Move lists depend only on (number, colour state, wild tiles used, the
 * face's held and available copies, wild tiles at most and held, the
 * colour's held copies of the next two numbers): built once per process
 * and shared by every sweep (at most MC_MAX of them; beyond, a sweep owns
 * its own). */
typedef struct {
    uint32_t key;
    MoveList *ml;
} MCEntry;
static MCEntry *mcache = NULL;
static int mc_size = 0, mc_n = 0;
#define MC_MAX 200000

static int mc_grow(void) {
    int ns = mc_size ? mc_size * 2 : 8192;
    MCEntry *t = calloc((size_t)ns, sizeof(MCEntry));
    if (!t) return -1;
    for (int x = 0; x < mc_size; x++) {
        if (!mcache[x].key) continue;
        uint32_t h = hkey(mcache[x].key) & (uint32_t)(ns - 1);
        while (t[h].key) h = (h + 1) & (uint32_t)(ns - 1);
        t[h] = mcache[x];
    }
    free(mcache);
    mcache = t;
    mc_size = ns;
    return 0;
}

static int own(SweepObject *S, MoveList *ml) {
    if (S->nowned == S->capowned) {
        int nc = S->capowned ? S->capowned * 2 : 64;
        MoveList **o = realloc(S->owned, sizeof(MoveList *) * nc);
        if (!o) return -1;
        S->owned = o;
        S->capowned = nc;
    }
    S->owned[S->nowned++] = ml;
    return 0;
}

/* The move lists the sweep under way has asked for, per (step, colour state
 * and wild tiles used), marked with its stamp: a lookup in the cache above
 * is done once per sweep and entry (an entry of another sweep's stamp is
 * looked up again). Kept outside the sweep object, which then needs no
 * 73 KB zeroed per sweep. */
static MoveList *g_moves[NSTEPS][NSUB];
static uint64_t g_stamp[NSTEPS][NSUB];
static uint64_t next_stamp = 0;

static MoveList *get_moves(SweepObject *S, int step, int cs, int w, const Mod *md,
                           MoveList **tmp) {
    int n = step / 5 + 1, c = step % 5, i = c * 13 + n - 1;
    int sub = cs * 4 + w;
    MoveList **slot;
    if (md && md->face == i) {
        slot = &tmp[sub];
        if (*slot) return *slot;
    } else {
        slot = &g_moves[step][sub];
        if (g_stamp[step][sub] == S->stamp && *slot) return *slot;
        g_stamp[step][sub] = S->stamp;
        *slot = NULL;
    }
    int held = s_held(S, md, i), avail = s_avail(S, md, i);
    int nxt = held_at(S->held, c, n + 1), after = held_at(S->held, c, n + 2);
    uint32_t key = 1u << 31 | (uint32_t)(n - 1) << 20 | (uint32_t)cs << 14 | (uint32_t)w << 12 |
                   (uint32_t)held << 10 | (uint32_t)avail << 8 | (uint32_t)S->wmax << 6 |
                   (uint32_t)S->wh << 4 | (uint32_t)nxt << 2 | (uint32_t)after;
    if (mc_size) {
        uint32_t h = hkey(key) & (uint32_t)(mc_size - 1);
        while (mcache[h].key) {
            if (mcache[h].key == key) return *slot = mcache[h].ml;
            h = (h + 1) & (uint32_t)(mc_size - 1);
        }
    }
    MoveList *ml = build_moves(n, cs, w, held, avail, S->wmax, S->wh, nxt, after);
    if (!ml) return NULL;
    if (mc_n < MC_MAX && (2 * (mc_n + 1) <= mc_size || mc_grow() == 0)) {
        uint32_t h = hkey(key) & (uint32_t)(mc_size - 1);
        while (mcache[h].key) h = (h + 1) & (uint32_t)(mc_size - 1);
        mcache[h].key = key;
        mcache[h].ml = ml;
        mc_n++;
    } else if (own(S, ml) < 0) {
        free(ml);
        return NULL;
    }
    return *slot = ml;
}

/* fewest tiles to place to close number n's sets after colour c: sweep.py's _closing */
static int closing_of(SweepObject *S, int step, int t2, int w2) {
    int8_t *p = &S->closing[step][t2][w2];
    if (*p != -2) return *p;
    int n = step / 5 + 1, c = step % 5;
    int caps[3] = {0, 0, 0}, hs[3] = {0, 0, 0}, nl = 0;
    for (int cc = c + 1; cc < 4; cc++) {
        int i = cc * 13 + n - 1;
        caps[nl] = S->avail[i] < 2 ? S->avail[i] : 2;
        hs[nl] = S->held[i];
        nl++;
    }
    int ones = TALLY[t2][0], twos = TALLY[t2][1];
    int best = -1;
    int x[3];
    for (x[0] = 0; x[0] <= caps[0]; x[0]++)
        for (x[1] = 0; x[1] <= caps[1]; x[1]++)
            for (x[2] = 0; x[2] <= caps[2]; x[2]++) {
                int placed = 0, pp = ones, qq = twos;
                for (int t = 0; t < nl; t++) {
                    placed += x[t] - hs[t] > 0 ? x[t] - hs[t] : 0;
                    pp += x[t] == 1;
                    qq += x[t] == 2;
                }
                if (pp > 4 || qq > 4) continue;
                for (int js = 0; js <= S->wmax - w2; js++) {
                    if (SETS_FIT[pp][qq][js]) {
                        int cost = placed + wild_cost(w2, js, S->wh);
                        if (best < 0 || cost < best) best = cost;
                    }
                }
            }
    *p = (int8_t)best;
    return best;
}

/* ------------------------------------------------------------------ steps */

static inline int min_k(const SweepObject *S, const Layer *L, int i) {
    int m = 1 << 20;
    const uint16_t *o = L->occ + (size_t)i * S->slots;
    for (int e = 0; e < L->cnt[i]; e++) {
        int k = S->slot_k[o[e]];
        if (k < m) m = k;
    }
    return m;
}

static inline int max_v(const SweepObject *S, const Layer *L, int i) {
    int m = -1;
    const uint16_t *o = L->occ + (size_t)i * S->slots;
    const int16_t *v = L->val + (size_t)i * S->slots;
    for (int e = 0; e < L->cnt[i]; e++)
        if (v[o[e]] > m) m = v[o[e]];
    return m;
}

/* prefix best of a layer's states over placed tiles: pmax[i*(limit+1)+r] */
static int layer_pmax(SweepObject *S, Layer *L) {
    if (L->pmax) return 0;
    int w = S->limit + 1;
    L->pmax = malloc(sizeof(int16_t) * (size_t)(L->n ? L->n : 1) * w);
    if (!L->pmax) return -1;
    for (int i = 0; i < L->n; i++) {
        int16_t *p = L->pmax + (size_t)i * w;
        for (int r = 0; r < w; r++) p[r] = -1;
        const uint16_t *o = L->occ + (size_t)i * S->slots;
        const int16_t *v = L->val + (size_t)i * S->slots;
        for (int e = 0; e < L->cnt[i]; e++) {
            int k = S->slot_k[o[e]];
            if (v[o[e]] > p[k]) p[k] = v[o[e]];
        }
        for (int r = 1; r < w; r++)
            if (p[r - 1] > p[r]) p[r] = p[r - 1];
    }
    return 0;
}

/* best value of bound layer B's state `key` with at most r placed (-1: none) */
static inline int bound_of(const SweepObject *S, const Layer *B, uint32_t key, int r) {
    if (r < 0) return -1;
    int i = layer_find(B, key);
    if (i < 0) return -1;
    if (r > S->limit) r = S->limit;
    return B->pmax[(size_t)i * (S->limit + 1) + r];
}

static int record(SweepObject *S, int j, int i, int dk, int du, int placed, int dv) {
    if (S->nrec == S->caprec) {
        int nc = S->caprec ? S->caprec * 2 : 4096;
        EdgeRec *r = realloc(S->rec, sizeof(EdgeRec) * nc);
        if (!r) return -1;
        S->rec = r;
        S->caprec = nc;
    }
    EdgeRec *r = &S->rec[S->nrec++];
    r->j = j;
    r->e.i = i;
    r->e.dk = (int8_t)dk;
    r->e.du = (int8_t)du;
    r->e.placed = (int8_t)placed;
    r->e.dv = (int16_t)dv;
    return 0;
}

/* the recorded moves of `step` as its predecessor index (counting sort) */
static int index_records(SweepObject *S, int step, int nstates) {
    int32_t *start = calloc((size_t)nstates + 1, sizeof(int32_t));
    Edge *edges = malloc(sizeof(Edge) * (size_t)(S->nrec ? S->nrec : 1));
    if (!start || !edges) {
        free(start);
        free(edges);
        return -1;
    }
    for (int x = 0; x < S->nrec; x++) start[S->rec[x].j + 1]++;
    for (int j = 0; j < nstates; j++) start[j + 1] += start[j];
    int32_t *fill = malloc(sizeof(int32_t) * (size_t)(nstates ? nstates : 1));
    if (!fill) {
        free(start);
        free(edges);
        return -1;
    }
    memcpy(fill, start, sizeof(int32_t) * nstates);
    for (int x = 0; x < S->nrec; x++) edges[fill[S->rec[x].j]++] = S->rec[x].e;
    free(fill);
    S->pstart[step] = start;
    S->edges[step] = edges;
    S->nrec = 0;
    return 0;
}

/* An upper bound on what the rest of a packing can add from state `key`
 * after step (n, c): the open short runs' tiles (credited when they reach 3)
 * and 13 per wild tile held and unused (their count in *freep); the caller
 * adds the rack's tiles still to come that a meld can hold (remr) and 13 per
 * tile still to place. */
static inline int rest_bound(const SweepObject *S, uint32_t key, int n, int c, int *freep) {
    int pend = 0;
    for (int cc = 0; cc < 4; cc++) {
        int m = (c == 4 || cc <= c) ? n : n - 1;
        if (m < 1) continue;
        int cs = (key >> (cc * 6)) & CS_MASK;
        pend += CSA[cs][0] * m + CSA[cs][1] * (2 * m - 1);
    }
    int free = S->wh - (int)((key >> W_SHIFT) & 3);
    if (free < 0) free = 0;
    *freep = free;
    return pend + 13 * free;
}

/* The bound's part for the rack's tiles from step `next` on, for an entry
 * with `k2` placed: a tile counts only if a meld can hold it with the tiles
 * the rest of the packing may still place or fill with a wild tile (the
 * room, limit - k2, and the held wild tiles unused). */
static inline int rem_bound(const SweepObject *S, int next, int limit, int k2, int free) {
    int r = limit - k2 + free;
    return S->remr[next][r < 2 ? r : 2];
}

/* Fewest tiles a run or set holding the held tile (colour c, number m) lacks
 * besides the rack's tiles, when every number up to `upto` is taken as
 * present (those may come from the part of the packing already swept, or be
 * the number under way): 0, 1 or 2. A meld holding the tile holds one of
 * these three-tile windows or sets of three [R-RUN, R-SET]; each lacking tile
 * is placed or a wild tile. */
static int need_after(const int *held, int c, int m, int upto) {
    int best = 2;
    for (int a = m - 2; a <= m; a++) {
        if (a < 1 || a + 2 > 13) continue;
        int miss = 0;
        for (int x = a; x <= a + 2; x++)
            if (x != m && x > upto && held[c * 13 + x - 1] == 0) miss++;
        if (miss < best) best = miss;
    }
    int h = 0;
    for (int cc = 0; cc < 4; cc++)
        if (cc != c && held[cc * 13 + m - 1] > 0) h++;
    int miss = h >= 2 ? 0 : 2 - h;
    return miss < best ? miss : best;
}

/* Whether a forward entry after `step` (k2 placed, value val) is kept: in
 * mode 0 with a value bar, unless the bound (ub0 from rest_bound, its free
 * wild tiles fr) says it cannot reach the bar; in mode 1, only if the bound
 * layer's state bi brings it to `bar` with at most `d` placed in all. */
static inline int entry_kept(const SweepObject *S, int mode, int step, int limit, int k2,
                             int val, int ub0, int fr, const Layer *bound, int bi, int d,
                             int bar) {
    if (mode == 0)
        return !S->vbar ||
               val + ub0 + rem_bound(S, step + 1, limit, k2, fr) + 13 * (limit - k2) >= S->vbar;
    int b = bound->pmax[(size_t)bi * (S->limit + 1) + (d - k2)];
    return b >= 0 && val + b >= bar;
}

/* One forward step from `cur` into `nw` (initialised by the caller).
 * mode 0: sweep.py's forward pruning (room, closings, short runs).
 * mode 1: keep only entries some part of `bound` (a backward layer, with
 *         pmax) brings to `bar` with at most `d` placed tiles in all. */
static int step_forward(SweepObject *S, int step, Layer *cur, Layer *nw, const Mod *md,
                        MoveList **tmp, int mode, Layer *bound, int d, int bar) {
    int n = step / 5 + 1, c = step % 5;
    int limit = mode ? d : S->limit, capu = S->capu, wh = S->wh;
    int *sk = S->slot_k, *su = S->slot_u, cols = S->cols;
    if (c < 4) {
        int shift = c * 6;
        uint32_t clear = ~((CS_MASK << shift) | (3u << W_SHIFT) | (~0u << T_SHIFT));
        const int *lack[4];
        int others[3], no = 0;
        for (int cc = 0; cc < 4; cc++) {
            int m = cc < c ? n + 1 : n;
            lack[cc] = SHORTL[held_at(S->held, cc, m)][held_at(S->held, cc, m + 1)];
            if (cc != c) others[no++] = cc;
        }
        for (int i = 0; i < cur->n; i++) {
            uint32_t key = cur->keys[i];
            int cs = (key >> shift) & CS_MASK, w = (key >> W_SHIFT) & 3, tally = key >> T_SHIFT;
            int room = limit - min_k(S, cur, i);
            MoveList *ml = get_moves(S, step, cs, w, md, tmp);
            if (!ml) return -1;
            uint32_t rest = key & clear;
            int other = 0;
            for (int t = 0; t < 3; t++)
                other += lack[others[t]][(key >> (others[t] * 6)) & CS_MASK];
            const uint16_t *o = cur->occ + (size_t)i * S->slots;
            const int16_t *v = cur->val + (size_t)i * S->slots;
            int cn = cur->cnt[i];
            for (int mi = 0; mi < ml->n; mi++) {
                const Move *mv = &ml->m[mi];
                int w2 = mv->w2, dk = mv->dk;
                int t2 = TALLY_ADD[tally][mv->s];
                if (mode == 0) {
                    int free = wh > w2 ? wh - w2 : 0;
                    int pf = mv->part - free;
                    if (dk + (pf > 0 ? pf : 0) > room) break;
                    if (t2 < 0) continue;
                    int cl = closing_of(S, step, t2, w2);
                    if (cl < 0) continue;
                    int sh = other + mv->part - free;
                    if (dk + (cl > sh ? cl : sh) > room) continue;
                } else {
                    if (t2 < 0 || dk > room) continue;
                }
                uint32_t key2 = rest | (uint32_t)mv->cs2 << shift | (uint32_t)w2 << W_SHIFT |
                                (uint32_t)t2 << T_SHIFT;
                int bi = -1;
                if (mode) {
                    bi = layer_find(bound, key2);
                    if (bi < 0) continue;
                }
                int fr = 0;
                int ub0 = (mode == 0 && S->vbar) ? rest_bound(S, key2, n, c, &fr) : 0;
                int ti = -1;
                for (int e = 0; e < cn; e++) {
                    int sl = o[e];
                    int k2 = sk[sl] + dk;
                    if (k2 > limit) continue;
                    int u2 = su[sl] + mv->du;
                    if (u2 > capu) u2 = capu;
                    int val = v[sl] + mv->dv;
                    if (!entry_kept(S, mode, step, limit, k2, val, ub0, fr, bound, bi, d, bar))
                        continue;
                    if (ti < 0) {
                        ti = layer_get(nw, key2);
                        if (ti < 0) return -1;
                    }
                    layer_put(nw, ti, k2 * cols + u2, val);
                }
                if (mode == 0 && ti >= 0 && S->rec_ok && record(S, ti, i, dk, mv->du, mv->placed, mv->dv) < 0)
                    return -1;
            }
        }
    } else {
        /* the number's sets close: sweep.py's _set_step */
        int nx[4], af[4];
        for (int cc = 0; cc < 4; cc++) {
            nx[cc] = held_at(S->held, cc, n + 1);
            af[cc] = held_at(S->held, cc, n + 2);
        }
        for (int i = 0; i < cur->n; i++) {
            uint32_t key = cur->keys[i];
            int w = (key >> W_SHIFT) & 3, tally = key >> T_SHIFT;
            int ones = TALLY[tally][0], twos = TALLY[tally][1];
            uint32_t rest = key & ~((3u << W_SHIFT) | (~0u << T_SHIFT));
            int room = limit - min_k(S, cur, i);
            const uint16_t *o = cur->occ + (size_t)i * S->slots;
            const int16_t *v = cur->val + (size_t)i * S->slots;
            int cn = cur->cnt[i];
            for (int js = 0; js <= S->wmax - w; js++) {
                if (!SETS_FIT[ones][twos][js]) continue;
                uint32_t key2 = rest | (uint32_t)(w + js) << W_SHIFT;
                int dk = wild_cost(w, js, wh), dv = n * js;
                int bi = -1;
                if (mode == 0) {
                    int sh = 0;
                    for (int cc = 0; cc < 4; cc++)
                        sh += SHORTT[(key2 >> (cc * 6)) & CS_MASK][nx[cc]][af[cc]];
                    int free = wh - (w + js);
                    if (free < 0) free = 0;
                    sh -= free;
                    if (sh < 0) sh = 0;
                    if (dk + sh > room) continue;
                } else {
                    if (dk > room) continue;
                    bi = layer_find(bound, key2);
                    if (bi < 0) continue;
                }
                int fr = 0;
                int ub0 = (mode == 0 && S->vbar) ? rest_bound(S, key2, n, 4, &fr) : 0;
                int ti = -1;
                for (int e = 0; e < cn; e++) {
                    int sl = o[e];
                    int k2 = sk[sl] + dk;
                    if (k2 > limit) continue;
                    int val = v[sl] + dv;
                    if (!entry_kept(S, mode, step, limit, k2, val, ub0, fr, bound, bi, d, bar))
                        continue;
                    if (ti < 0) {
                        ti = layer_get(nw, key2);
                        if (ti < 0) return -1;
                    }
                    layer_put(nw, ti, k2 * cols + su[sl], val);
                }
                if (mode == 0 && ti >= 0 && S->rec_ok && record(S, ti, i, dk, 0, 0, dv) < 0) return -1;
            }
        }
    }
    int before = nw->n;
    if (layer_compact(nw) < 0) return -1;
    if (mode == 0 && nw->n != before) S->rec_ok = 0; /* indices moved: rebuild later */
    return 0;
}

/* The moves of a step from `key` as (key2, dk, du, dv, placed), unpruned:
 * sweep.py's Sweep.options. Returns the count written to out. */
typedef struct {
    uint32_t key2;
    int dk, du, dv, placed;
} Opt;

static int options_of(SweepObject *S, int step, uint32_t key, const Mod *md, MoveList **tmp,
                      Opt *out) {
    int n = step / 5 + 1, c = step % 5;
    int w = (key >> W_SHIFT) & 3, tally = key >> T_SHIFT;
    int cnt = 0;
    if (c < 4) {
        int shift = c * 6;
        int cs = (key >> shift) & CS_MASK;
        uint32_t rest = key & ~((CS_MASK << shift) | (3u << W_SHIFT) | (~0u << T_SHIFT));
        MoveList *ml = get_moves(S, step, cs, w, md, tmp);
        if (!ml) return -1;
        /* (key, move) pairs are unique: the order does not matter */
        for (int mi = 0; mi < ml->n; mi++) {
            const Move *mv = &ml->m[mi];
            int t2 = TALLY_ADD[tally][mv->s];
            if (t2 < 0) continue;
            out[cnt].key2 = rest | (uint32_t)mv->cs2 << shift | (uint32_t)mv->w2 << W_SHIFT |
                            (uint32_t)t2 << T_SHIFT;
            out[cnt].dk = mv->dk;
            out[cnt].du = mv->du;
            out[cnt].dv = mv->dv;
            out[cnt].placed = mv->placed;
            cnt++;
        }
    } else {
        int ones = TALLY[tally][0], twos = TALLY[tally][1];
        uint32_t rest = key & ~((3u << W_SHIFT) | (~0u << T_SHIFT));
        for (int js = 0; js <= S->wmax - w; js++) {
            if (!SETS_FIT[ones][twos][js]) continue;
            out[cnt].key2 = rest | (uint32_t)(w + js) << W_SHIFT;
            out[cnt].dk = wild_cost(w, js, S->wh);
            out[cnt].du = 0;
            out[cnt].dv = n * js;
            out[cnt].placed = 0;
            cnt++;
        }
    }
    return cnt;
}

/* One backward step: for the states of fwd layer F (before `step`), the best
 * value of the steps from `step` on, joined onto `after`; into `nw`.
 * mode 0: sweep.py's backward (room from F, floor bar - max F).
 * mode 1: at most d placed in all, kept if F's best with d - k placed + v >= bar
 *         (F has pmax). */
static int step_backward(SweepObject *S, int step, Layer *F, Layer *after, Layer *nw,
                         const Mod *md, MoveList **tmp, int mode, int d, int bar) {
    int capu = S->capu, slots = S->slots, cols = S->cols;
    int *sk = S->slot_k, *su = S->slot_u;
    int16_t *tv = malloc(sizeof(int16_t) * slots);
    uint16_t *to = malloc(sizeof(uint16_t) * slots);
    Opt opts[MAXMOVES];
    if (!tv || !to) {
        free(tv);
        free(to);
        return -1;
    }
    for (int s = 0; s < slots; s++) tv[s] = -1;
    int rc = 0;
    for (int i = 0; i < F->n; i++) {
        uint32_t key = F->keys[i];
        int mk = min_k(S, F, i);
        int room = (mode ? d : S->limit) - mk;
        int no = options_of(S, step, key, md, tmp, opts);
        if (no < 0) {
            rc = -1;
            break;
        }
        int tc = 0;
        for (int q = 0; q < no; q++) {
            if (opts[q].dk > room) continue;
            int ai = layer_find(after, opts[q].key2);
            if (ai < 0) continue;
            const uint16_t *o = after->occ + (size_t)ai * slots;
            const int16_t *v = after->val + (size_t)ai * slots;
            for (int e = 0; e < after->cnt[ai]; e++) {
                int sl = o[e];
                int k = sk[sl] + opts[q].dk;
                if (k > room) continue;
                int u = su[sl] + opts[q].du;
                if (u > capu) u = capu;
                int ns = k * cols + u, val = v[sl] + opts[q].dv;
                if (tv[ns] < 0) {
                    to[tc++] = (uint16_t)ns;
                    tv[ns] = (int16_t)val;
                } else if (val > tv[ns]) {
                    tv[ns] = (int16_t)val;
                }
            }
        }
        if (tc) {
            /* keep the entries that can still reach the bar (to[] compacted) */
            int use_floor = mode == 0 && bar, floor = use_floor ? bar - max_v(S, F, i) : 0;
            int kc = 0;
            for (int e = 0; e < tc; e++) {
                int ns = to[e];
                int ok = !use_floor || tv[ns] >= floor;
                if (mode) {
                    int r = d - sk[ns];
                    int b = r < 0 ? -1 : F->pmax[(size_t)i * (S->limit + 1) + r];
                    if (b < 0 || b + tv[ns] < bar) ok = 0;
                }
                if (ok)
                    to[kc++] = (uint16_t)ns;
                else
                    tv[ns] = -1;
            }
            if (kc) {
                int ti = layer_get(nw, key);
                if (ti < 0) {
                    rc = -1;
                    break;
                }
                for (int e = 0; e < kc; e++) layer_put(nw, ti, to[e], tv[to[e]]);
            }
            for (int e = 0; e < kc; e++) tv[to[e]] = -1;
        }
    }
    free(tv);
    free(to);
    return rc;
}

/* ------------------------------------------------------------------ joins */

static inline int end_unlaid(const SweepObject *S, uint32_t key) {
    int x = S->wh - (int)((key >> W_SHIFT) & 3);
    return x > 0 ? x : 0;
}

/* sweep.py's Sweep.reaches: a forward state's entries, a move, a backward
 * state's entries: a packing with exactly k placed, value >= bar, laid bound */
static int reaches(const SweepObject *S, const Layer *A, int ai, int dk, int du, int dv,
                   const Layer *B, int bi, int k, int bar, int fewer) {
    int need = S->size + k - S->max_laid - fewer;
    const uint16_t *oa = A->occ + (size_t)ai * S->slots;
    const int16_t *va = A->val + (size_t)ai * S->slots;
    const uint16_t *ob = B->occ + (size_t)bi * S->slots;
    const int16_t *vb = B->val + (size_t)bi * S->slots;
    for (int e = 0; e < A->cnt[ai]; e++) {
        int k1 = S->slot_k[oa[e]] + dk;
        if (k1 > k) continue;
        int u1 = S->slot_u[oa[e]] + du;
        int want = bar - va[oa[e]] - dv;
        for (int f = 0; f < B->cnt[bi]; f++) {
            int s2 = ob[f];
            if (S->slot_k[s2] + k1 == k && vb[s2] >= want && u1 + S->slot_u[s2] >= need)
                return 1;
        }
    }
    return 0;
}

/* ------------------------------------------------------------------ the object */

static void free_tmp(MoveList **tmp) {
    for (int i = 0; i < NSUB; i++) tmp[i] = NULL; /* borrowed, or owned by the sweep */
}

static void Sweep_dealloc(SweepObject *S) {
    for (int i = 0; i < NLAYERS; i++) {
        layer_free(&S->fwd[i]);
        layer_free(&S->back[i]);
    }
    for (int s = 0; s < NSTEPS; s++) {
        free(S->pstart[s]);
        free(S->edges[s]);
    }
    arena_free(&S->arena);
    for (int x = 0; x < S->nowned; x++) free(S->owned[x]);
    free(S->owned);
    free(S->slot_k);
    free(S->slot_u);
    free(S->rec);
    Py_TYPE(S)->tp_free((PyObject *)S);
}

static int read_counts(PyObject *seq, int *out) {
    PyObject *fast = PySequence_Fast(seq, "counts must be a sequence");
    if (!fast) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != 52) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "52 counts expected");
        return -1;
    }
    for (int i = 0; i < 52; i++) {
        long x = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (x < 0 || x > 2) {
            Py_DECREF(fast);
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a count out of 0..2");
            return -1;
        }
        out[i] = (int)x;
    }
    Py_DECREF(fast);
    return 0;
}

static PyTypeObject SweepType;

/* CSweep(held, avail, wilds, wild_avail, max_laid, limit, record=False, bar=0):
 * the forward sweep; with record, its moves are kept as the predecessor index
 * of the backward sweep and the joins (else built when first needed); with a
 * bar, entries that cannot reach it (rest_bound) are dropped: the curve is
 * then exact only where it reaches the bar */
static PyObject *Sweep_new_fwd(PyTypeObject *type, PyObject *args, PyObject *kw) {
    PyObject *held, *avail;
    int wh, wavail, max_laid, limit, record_moves = 0, vbar = 0;
    if (!inited) {
        PyErr_SetString(PyExc_RuntimeError, "_sweepc.init was not called");
        return NULL;
    }
    if (!PyArg_ParseTuple(args, "OOiiii|pi", &held, &avail, &wh, &wavail, &max_laid, &limit,
                          &record_moves, &vbar))
        return NULL;
    SweepObject *S = (SweepObject *)type->tp_alloc(type, 0);
    if (!S) return NULL;
    /* tp_alloc zeroes the object */
    if (read_counts(held, S->held) < 0 || read_counts(avail, S->avail) < 0) {
        Py_DECREF(S);
        return NULL;
    }
    if (limit < 0 || limit > 40 || wh < 0 || wh > 2 || wavail < wh) {
        Py_DECREF(S);
        PyErr_SetString(PyExc_ValueError, "limit or wild tiles out of range");
        return NULL;
    }
    S->wh = wh;
    S->wavail = wavail;
    S->vbar = vbar > 0 ? vbar : 0;
    /* remr: the tiles above each number a meld can hold, then per step */
    int above[14][3];
    memset(above, 0, sizeof(above));
    for (int m = 2; m <= 13; m++)
        for (int cc = 0; cc < 4; cc++) {
            int h = S->held[cc * 13 + m - 1];
            if (!h) continue;
            for (int nn = 1; nn < m; nn++)
                for (int r = need_after(S->held, cc, m, nn); r < 3; r++) above[nn][r] += m * h;
        }
    for (int st = 0; st <= NSTEPS; st++) {
        int nn = st / 5 + 1, cc0 = st % 5, here = 0;
        if (st < NSTEPS)
            for (int cc = cc0; cc < 4; cc++) here += nn * S->held[cc * 13 + nn - 1];
        for (int r = 0; r < 3; r++) S->remr[st][r] = st < NSTEPS ? here + above[nn][r] : 0;
    }
    S->max_laid = max_laid;
    S->limit = limit;
    int size = wh;
    for (int i = 0; i < 52; i++) size += S->held[i];
    S->size = size;
    int cap = size + limit - max_laid;
    if (cap < 0) cap = 0;
    if (cap > 31) cap = 31;
    S->capu = cap;
    S->wmax = wavail < 2 ? wavail : 2;
    S->cols = cap + 1;
    S->slots = (limit + 1) * (cap + 1);
    S->slot_k = malloc(sizeof(int) * S->slots);
    S->slot_u = malloc(sizeof(int) * S->slots);
    if (!S->slot_k || !S->slot_u) {
        Py_DECREF(S);
        return PyErr_NoMemory();
    }
    for (int s = 0; s < S->slots; s++) {
        S->slot_k[s] = s / S->cols;
        S->slot_u[s] = s % S->cols;
    }
    memset(S->closing, -2, sizeof(S->closing));
    slots_g = S->slots;
    op_bytes = 0;
    const char *budget = getenv("RUMMY101_SWEEP_MEMORY");
    BUDGET = (size_t)1 << 30;
    if (budget && atoll(budget) > 0) BUDGET = (size_t)atoll(budget);
    S->stamp = ++next_stamp;
    if (layer_init_in(&S->fwd[0], 8, &S->arena) < 0) {
        Py_DECREF(S);
        return PyErr_NoMemory();
    }
    int i0 = layer_get(&S->fwd[0], 0);
    layer_put(&S->fwd[0], i0, 0, 0);
    S->rec_ok = record_moves;
    for (int step = 0; step < NSTEPS; step++) {
        int hint = S->fwd[step].n * 2;
        if (layer_init_in(&S->fwd[step + 1], hint, &S->arena) < 0 ||
            step_forward(S, step, &S->fwd[step], &S->fwd[step + 1], NULL, NULL, 0, NULL, 0, 0) <
                0 ||
            (S->rec_ok && index_records(S, step, S->fwd[step + 1].n) < 0)) {
            Py_DECREF(S);
            return no_memory(limit);
        }
    }
    free(S->rec);
    S->rec = NULL;
    S->nrec = S->caprec = 0;
    if (S->rec_ok) {
        S->have_preds = 1;
    } else {
        for (int step = 0; step < NSTEPS; step++) {
            free(S->pstart[step]);
            free(S->edges[step]);
            S->pstart[step] = NULL;
            S->edges[step] = NULL;
        }
    }
    return (PyObject *)S;
}

static PyObject *Sweep_curve(SweepObject *S, PyObject *noargs) {
    int w = S->limit + 1;
    int best[64];
    for (int k = 0; k < w; k++) best[k] = -1;
    Layer *F = &S->fwd[NSTEPS];
    for (int i = 0; i < F->n; i++) {
        int extra = end_unlaid(S, F->keys[i]);
        const uint16_t *o = F->occ + (size_t)i * S->slots;
        const int16_t *v = F->val + (size_t)i * S->slots;
        for (int e = 0; e < F->cnt[i]; e++) {
            int k = S->slot_k[o[e]], u = S->slot_u[o[e]];
            if (u + extra >= S->size + k - S->max_laid && v[o[e]] > best[k]) best[k] = v[o[e]];
        }
    }
    for (int k = 1; k < w; k++)
        if (best[k - 1] > best[k]) best[k] = best[k - 1];
    PyObject *out = PyList_New(w);
    if (!out) return NULL;
    for (int k = 0; k < w; k++) PyList_SET_ITEM(out, k, PyLong_FromLong(best[k]));
    return out;
}

/* the predecessor index: for each step, each state of the next forward
 * layer, the (state, move) pairs of this layer that lead to it */
static int build_preds(SweepObject *S) {
    if (S->have_preds) return 0;
    Opt opts[MAXMOVES];
    for (int step = 0; step < NSTEPS; step++) {
        Layer *A = &S->fwd[step], *B = &S->fwd[step + 1];
        int32_t *start = calloc((size_t)B->n + 1, sizeof(int32_t));
        if (!start) return -1;
        S->pstart[step] = start;
        /* count, then fill */
        for (int pass = 0; pass < 2; pass++) {
            int32_t *fill = NULL;
            if (pass == 1) {
                for (int j = 0; j < B->n; j++) start[j + 1] += start[j];
                S->edges[step] = malloc(sizeof(Edge) * (size_t)(start[B->n] ? start[B->n] : 1));
                fill = malloc(sizeof(int32_t) * (size_t)(B->n ? B->n : 1));
                if (!S->edges[step] || !fill) {
                    free(fill);
                    return -1;
                }
                memcpy(fill, start, sizeof(int32_t) * B->n);
            }
            for (int i = 0; i < A->n; i++) {
                int no = options_of(S, step, A->keys[i], NULL, NULL, opts);
                if (no < 0) {
                    free(fill);
                    return -1;
                }
                for (int q = 0; q < no; q++) {
                    int j = layer_find(B, opts[q].key2);
                    if (j < 0) continue;
                    if (pass == 0) {
                        start[j + 1]++;
                    } else {
                        Edge *e = &S->edges[step][fill[j]++];
                        e->i = i;
                        e->dk = (int8_t)opts[q].dk;
                        e->du = (int8_t)opts[q].du;
                        e->placed = (int8_t)opts[q].placed;
                        e->dv = (int16_t)opts[q].dv;
                    }
                }
            }
            free(fill);
        }
    }
    S->have_preds = 1;
    return 0;
}

/* One backward step by the predecessor index: for each state of `after`
 * (a layer over fwd[step + 1]'s keys), each move into it from fwd[step]:
 * the entries joined, into `nw`.
 * mode 0: sweep.py's backward (room from fwd, floor bar - max fwd value).
 * mode 1: at most d placed in all, kept if fwd's best with d - k placed + v >= bar. */
static int step_back_preds(SweepObject *S, int step, Layer *after, Layer *nw, int mode, int d,
                           int bar) {
    Layer *F = &S->fwd[step], *N = &S->fwd[step + 1];
    int capu = S->capu, slots = S->slots, cols = S->cols, w = S->limit + 1;
    int *sk = S->slot_k, *su = S->slot_u;
    for (int a = 0; a < after->n; a++) {
        int j = layer_find(N, after->keys[a]);
        if (j < 0) continue;
        const uint16_t *o = after->occ + (size_t)a * slots;
        const int16_t *v = after->val + (size_t)a * slots;
        int cn = after->cnt[a];
        for (int32_t x = S->pstart[step][j]; x < S->pstart[step][j + 1]; x++) {
            const Edge *e = &S->edges[step][x];
            int i = e->i;
            int room = (mode ? d : S->limit) - min_k(S, F, i);
            if (e->dk > room) continue;
            int floor = mode ? 0 : bar - max_v(S, F, i);
            const int16_t *pm = mode ? F->pmax + (size_t)i * w : NULL;
            int ti = -1;
            for (int f = 0; f < cn; f++) {
                int sl = o[f];
                int k = sk[sl] + e->dk;
                if (k > room) continue;
                int val = v[sl] + e->dv;
                if (mode) {
                    int b = pm[d - k];
                    if (b < 0 || b + val < bar) continue;
                } else if (bar && val < floor) {
                    continue;
                }
                int u = su[sl] + e->du;
                if (u > capu) u = capu;
                if (ti < 0) {
                    ti = layer_get(nw, F->keys[i]);
                    if (ti < 0) return -1;
                }
                layer_put(nw, ti, k * cols + u, val);
            }
        }
    }
    return 0;
}

/* finish_value() -> the best value placing nothing with exactly one rack
 * tile unlaid, -1 if none: sweep.py's Sweep.finish_value */
static PyObject *Sweep_finish_value(SweepObject *S, PyObject *noargs) {
    (void)noargs;
    if (S->capu < 2 || S->limit) {
        PyErr_SetString(PyExc_ValueError,
                        "finish_value needs limit 0 and max_laid <= size - 2");
        return NULL;
    }
    int best = -1;
    Layer *F = &S->fwd[NSTEPS];
    for (int i = 0; i < F->n; i++) {
        int extra = end_unlaid(S, F->keys[i]);
        const uint16_t *o = F->occ + (size_t)i * S->slots;
        const int16_t *v = F->val + (size_t)i * S->slots;
        for (int e = 0; e < F->cnt[i]; e++) {
            int k = S->slot_k[o[e]], u = S->slot_u[o[e]];
            if (k == 0 && u < S->capu && u + extra == 1 && v[o[e]] > best) best = v[o[e]];
        }
    }
    return PyLong_FromLong(best);
}

static int do_backward(SweepObject *S, int bar) {
    if (S->have_back && S->back_bar == bar) return 0;
    slots_g = S->slots;
    op_bytes = 0;
    if (build_preds(S) < 0) return -1;
    for (int i = 0; i < NLAYERS; i++) layer_free(&S->back[i]);
    S->have_back = 0;
    Layer *end = &S->back[NSTEPS];
    Layer *F = &S->fwd[NSTEPS];
    if (layer_init(end, F->n) < 0) return -1;
    for (int i = 0; i < F->n; i++) {
        if (max_v(S, F, i) < bar) continue;
        int u = end_unlaid(S, F->keys[i]);
        if (u > S->capu) u = S->capu;
        int ti = layer_get(end, F->keys[i]);
        if (ti < 0) return -1;
        layer_put(end, ti, u, 0);
    }
    for (int step = NSTEPS - 1; step >= 0; step--) {
        if (layer_init(&S->back[step], S->back[step + 1].n) < 0) return -1;
        if (step_back_preds(S, step, &S->back[step + 1], &S->back[step], 0, 0, bar) < 0)
            return -1;
    }
    S->have_back = 1;
    S->back_bar = bar;
    return 0;
}

/* whether some move of `step` placing its face joins a state of fwd[step]
 * with a state of `after` (over fwd[step + 1]'s keys) into a packing with
 * exactly d placed, value >= bar, the laid bound of a rack `fewer` smaller */
static int placing_by_preds(SweepObject *S, int step, Layer *after, int d, int bar, int fewer) {
    Layer *F = &S->fwd[step], *N = &S->fwd[step + 1];
    for (int a = 0; a < after->n; a++) {
        int j = layer_find(N, after->keys[a]);
        if (j < 0) continue;
        for (int32_t x = S->pstart[step][j]; x < S->pstart[step][j + 1]; x++) {
            const Edge *e = &S->edges[step][x];
            if (!e->placed) continue;
            if (reaches(S, F, e->i, e->dk, e->du, e->dv, after, a, d, bar, fewer)) return 1;
        }
    }
    return 0;
}

static PyObject *Sweep_backward(SweepObject *S, PyObject *args) {
    int bar;
    if (!PyArg_ParseTuple(args, "i", &bar)) return NULL;
    if (do_backward(S, bar) < 0) return no_memory(S->limit);
    Py_RETURN_NONE;
}

static int is_colour_face(int step, int *face) {
    int n = step / 5 + 1, c = step % 5;
    if (c == 4) return 0;
    *face = c * 13 + n - 1;
    return 1;
}

static PyObject *faces_result(const int *found, int wild) {
    PyObject *lst = PyList_New(0);
    if (!lst) return NULL;
    for (int i = 0; i < 52; i++) {
        if (!found[i]) continue;
        PyObject *x = PyLong_FromLong(i);
        if (!x || PyList_Append(lst, x) < 0) {
            Py_XDECREF(x);
            Py_DECREF(lst);
            return NULL;
        }
        Py_DECREF(x);
    }
    return Py_BuildValue("(NO)", lst, wild ? Py_True : Py_False);
}

/* outs(bar, distance) -> ([face index], wild): sweep.py's meld_outs */
static PyObject *Sweep_outs(SweepObject *S, PyObject *args) {
    int bar, dist;
    if (!PyArg_ParseTuple(args, "ii", &bar, &dist)) return NULL;
    if (bar < 1) bar = 1;
    if (do_backward(S, bar) < 0) return no_memory(S->limit);
    int found[52] = {0};
    for (int step = 0; step < NSTEPS; step++) {
        int face;
        if (!is_colour_face(step, &face)) continue;
        if (S->avail[face] <= S->held[face]) continue;
        found[face] = placing_by_preds(S, step, &S->back[step + 1], dist, bar, 0);
    }
    int wild = 0;
    Layer *F = &S->fwd[NSTEPS];
    for (int i = 0; i < F->n && !wild; i++) {
        uint32_t key = F->keys[i];
        if ((int)((key >> W_SHIFT) & 3) <= S->wh) continue;
        /* the end: {(0, min(cap, end_unlaid)): 0}, end_unlaid = 0 here */
        int need = S->size + dist - S->max_laid;
        const uint16_t *o = F->occ + (size_t)i * S->slots;
        const int16_t *v = F->val + (size_t)i * S->slots;
        for (int e = 0; e < F->cnt[i]; e++) {
            if (S->slot_k[o[e]] == dist && v[o[e]] >= bar && S->slot_u[o[e]] >= need) {
                wild = 1;
                break;
            }
        }
    }
    return faces_result(found, wild);
}

/* row_distances(bar, base) -> {face: distance} for the faces held, by the
 * join at the face's step (sweep.py's discard_distances); a face missing from
 * the result has no target within the sweep's limit. Needs the backward. */
static PyObject *Sweep_row_distances(SweepObject *S, PyObject *args) {
    int bar, base;
    if (!PyArg_ParseTuple(args, "ii", &bar, &base)) return NULL;
    if (bar < 1) bar = 1;
    if (do_backward(S, bar) < 0) return no_memory(S->limit);
    PyObject *out = PyDict_New();
    if (!out) return NULL;
    Opt opts[MAXMOVES];
    MoveList *tmp[NSUB];
    memset(tmp, 0, sizeof(tmp));
    for (int face = 0; face < 52; face++) {
        if (!S->held[face]) continue;
        int c = face / 13, n = face % 13 + 1, step = (n - 1) * 5 + c;
        Mod md = {face, -1, -1};
        Layer *A = &S->fwd[step], *B = &S->back[step + 1];
        int best = -1;
        for (int k = base; k <= S->limit && best < 0; k++) {
            for (int i = 0; i < A->n && best < 0; i++) {
                int no = options_of(S, step, A->keys[i], &md, tmp, opts);
                if (no < 0) {
                    free_tmp(tmp);
                    Py_DECREF(out);
                    return PyErr_NoMemory();
                }
                for (int q = 0; q < no; q++) {
                    int bi = layer_find(B, opts[q].key2);
                    if (bi < 0) continue;
                    if (reaches(S, A, i, opts[q].dk, opts[q].du, opts[q].dv, B, bi, k, bar, 1)) {
                        best = k;
                        break;
                    }
                }
            }
        }
        free_tmp(tmp);
        if (best >= 0) {
            PyObject *kk = PyLong_FromLong(face), *vv = PyLong_FromLong(best);
            if (!kk || !vv || PyDict_SetItem(out, kk, vv) < 0) {
                Py_XDECREF(kk);
                Py_XDECREF(vv);
                Py_DECREF(out);
                return NULL;
            }
            Py_DECREF(kk);
            Py_DECREF(vv);
        }
    }
    return out;
}

/* row_outs(face, bar, d) -> ([face index], wild): the outs of the rack
 * without one tile of `face` whose distance is d (<= the limit): forward
 * layers of that rack from the face's step on, backward layers up to it,
 * each kept only where the other side can bring it to the bar. */
static PyObject *Sweep_row_outs(SweepObject *S, PyObject *args) {
    int face, bar, d;
    if (!PyArg_ParseTuple(args, "iii", &face, &bar, &d)) return NULL;
    if (bar < 1) bar = 1;
    if (face < 0 || face >= 52 || !S->held[face] || d < 1 || d > S->limit) {
        PyErr_SetString(PyExc_ValueError, "row_outs: a held face and 1 <= d <= limit");
        return NULL;
    }
    if (do_backward(S, bar) < 0) return no_memory(S->limit);
    slots_g = S->slots;
    op_bytes = 0;
    int c0 = face / 13, n0 = face % 13 + 1, si = (n0 - 1) * 5 + c0;
    Mod md = {face, -1, -1};
    MoveList *tmp[NSUB];
    memset(tmp, 0, sizeof(tmp));
    Layer G[NLAYERS], H[NLAYERS];
    memset(G, 0, sizeof(G));
    memset(H, 0, sizeof(H));
    int found[52] = {0}, wild = 0, rc = 0;
    Opt opts[MAXMOVES];
    /* bounds */
    if (build_preds(S) < 0) rc = -1;
    for (int s = 0; s < NLAYERS && rc == 0; s++) {
        if (layer_pmax(S, &S->back[s]) < 0 || layer_pmax(S, &S->fwd[s]) < 0) rc = -1;
    }
    /* forward of the row from step si: G[s] before step s, s > si */
    for (int s = si; s < NSTEPS && rc == 0; s++) {
        Layer *cur = s == si ? &S->fwd[si] : &G[s];
        if (layer_init(&G[s + 1], cur->n) < 0 ||
            step_forward(S, s, cur, &G[s + 1], s == si ? &md : NULL, tmp, 1, &S->back[s + 1], d,
                         bar) < 0)
            rc = -1;
    }
    /* backward of the row down from step si: H[s] before step s, s <= si */
    for (int s = si; s >= 0 && rc == 0; s--) {
        if (s == si) {
            if (layer_init(&H[s], 64) < 0 ||
                step_backward(S, s, &S->fwd[s], &S->back[si + 1], &H[s], &md, tmp, 1, d, bar) < 0)
                rc = -1;
        } else {
            if (layer_init(&H[s], H[s + 1].n + 8) < 0 ||
                step_back_preds(S, s, &H[s + 1], &H[s], 1, d, bar) < 0)
                rc = -1;
        }
    }
    /* the joins */
    for (int s = 0; s < NSTEPS && rc == 0; s++) {
        int f;
        if (!is_colour_face(s, &f)) continue;
        int held = S->held[f] - (f == face), avail = S->avail[f] - (f == face);
        if (avail <= held) continue;
        Layer *A, *B;
        const Mod *m = NULL;
        if (s < si) {
            found[f] = placing_by_preds(S, s, &H[s + 1], d, bar, 1);
            continue;
        } else if (s == si) {
            A = &S->fwd[s];
            B = &S->back[s + 1];
            m = &md;
        } else {
            A = &G[s];
            B = &S->back[s + 1];
        }
        for (int i = 0; i < A->n && !found[f]; i++) {
            int no = options_of(S, s, A->keys[i], m, tmp, opts);
            if (no < 0) {
                rc = -1;
                break;
            }
            for (int q = 0; q < no; q++) {
                if (!opts[q].placed) continue;
                int bi = layer_find(B, opts[q].key2);
                if (bi < 0) continue;
                if (reaches(S, A, i, opts[q].dk, opts[q].du, opts[q].dv, B, bi, d, bar, 1)) {
                    found[f] = 1;
                    break;
                }
            }
        }
    }
    if (rc == 0) {
        Layer *F = &G[NSTEPS];
        int need = S->size - 1 + d - S->max_laid;
        for (int i = 0; i < F->n && !wild; i++) {
            uint32_t key = F->keys[i];
            if ((int)((key >> W_SHIFT) & 3) <= S->wh) continue;
            const uint16_t *o = F->occ + (size_t)i * S->slots;
            const int16_t *v = F->val + (size_t)i * S->slots;
            for (int e = 0; e < F->cnt[i]; e++) {
                if (S->slot_k[o[e]] == d && v[o[e]] >= bar && S->slot_u[o[e]] >= need) {
                    wild = 1;
                    break;
                }
            }
        }
    }
    for (int s = 0; s < NLAYERS; s++) {
        layer_free(&G[s]);
        layer_free(&H[s]);
    }
    free_tmp(tmp);
    if (rc < 0) return no_memory(S->limit);
    return faces_result(found, wild);
}

/* plan(bar, distance, real_first) -> [(key before, key after)] per step:
 * sweep.py's meld_plan walk, the predecessor the smallest (key, slot) */
static PyObject *Sweep_plan(SweepObject *S, PyObject *args) {
    int bar, dist, real_first;
    if (!PyArg_ParseTuple(args, "iip", &bar, &dist, &real_first)) return NULL;
    if (bar < 1) bar = 1;
    Layer *F = &S->fwd[NSTEPS];
    int have = 0;
    long bw = 0, bv = 0;
    uint32_t bkey = 0;
    int bslot = 0;
    for (int i = 0; i < F->n; i++) {
        uint32_t key = F->keys[i];
        int extra = end_unlaid(S, key);
        const uint16_t *o = F->occ + (size_t)i * S->slots;
        const int16_t *v = F->val + (size_t)i * S->slots;
        for (int e = 0; e < F->cnt[i]; e++) {
            int sl = o[e], k = S->slot_k[sl], u = S->slot_u[sl];
            if (k != dist || v[sl] < bar || u + extra < S->size + k - S->max_laid) continue;
            int dw = (int)((key >> W_SHIFT) & 3) - S->wh;
            if (dw < 0) dw = 0;
            long w0 = real_first ? dw : 0, nv = -v[sl];
            /* min over (drawn wilds, -value, key, ku) with ku = k << 5 | u */
            int ku = k << 5 | u, bku = S->slot_k[bslot] << 5 | S->slot_u[bslot];
            if (!have || w0 < bw || (w0 == bw && (nv < bv || (nv == bv && (key < bkey ||
                                                                          (key == bkey &&
                                                                           ku < bku)))))) {
                have = 1;
                bw = w0;
                bv = nv;
                bkey = key;
                bslot = sl;
            }
        }
    }
    if (!have) {
        PyErr_SetString(PyExc_ValueError, "no target at this distance");
        return NULL;
    }
    uint32_t key = bkey;
    int k = S->slot_k[bslot], u = S->slot_u[bslot], value = (int)-bv;
    PyObject *out = PyList_New(NSTEPS);
    if (!out) return NULL;
    Opt opts[MAXMOVES];
    for (int step = NSTEPS - 1; step >= 0; step--) {
        Layer *A = &S->fwd[step];
        int fk = 0, fslot = -1, fi = -1;
        uint32_t fkey = 0;
        for (int i = 0; i < A->n; i++) {
            uint32_t pkey = A->keys[i];
            if (fi >= 0 && pkey > fkey) continue;
            int no = options_of(S, step, pkey, NULL, NULL, opts);
            if (no < 0) {
                Py_DECREF(out);
                return PyErr_NoMemory();
            }
            for (int q = 0; q < no; q++) {
                if (opts[q].key2 != key) continue;
                const uint16_t *o = A->occ + (size_t)i * S->slots;
                const int16_t *v = A->val + (size_t)i * S->slots;
                for (int e = 0; e < A->cnt[i]; e++) {
                    int sl = o[e];
                    int kk = S->slot_k[sl] + opts[q].dk;
                    int uu = S->slot_u[sl] + opts[q].du;
                    if (uu > S->capu) uu = S->capu;
                    if (kk != k || uu != u || v[sl] + opts[q].dv != value) continue;
                    int pku = S->slot_k[sl] << 5 | S->slot_u[sl];
                    int fku = fslot < 0 ? 0 : (S->slot_k[fslot] << 5 | S->slot_u[fslot]);
                    if (fi < 0 || pkey < fkey || (pkey == fkey && pku < fku)) {
                        fi = i;
                        fkey = pkey;
                        fslot = sl;
                        fk = opts[q].dv;
                    }
                }
            }
        }
        if (fi < 0) {
            Py_DECREF(out);
            PyErr_SetString(PyExc_AssertionError, "the sweep's layers are inconsistent");
            return NULL;
        }
        PyObject *pair = Py_BuildValue("(kk)", (unsigned long)fkey, (unsigned long)key);
        if (!pair) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, step, pair);
        int16_t pv = A->val[(size_t)fi * S->slots + fslot];
        key = fkey;
        k = S->slot_k[fslot];
        u = S->slot_u[fslot];
        value = pv;
        (void)fk;
    }
    return out;
}

static PyObject *Sweep_stats(SweepObject *S, PyObject *noargs) {
    long states = 0, entries = 0;
    for (int s = 0; s < NLAYERS; s++) {
        states += S->fwd[s].n;
        for (int i = 0; i < S->fwd[s].n; i++) entries += S->fwd[s].cnt[i];
    }
    return Py_BuildValue("(ll)", states, entries);
}

static PyMethodDef Sweep_methods[] = {
    {"curve", (PyCFunction)Sweep_curve, METH_NOARGS, "V[k] for k = 0..limit."},
    {"backward", (PyCFunction)Sweep_backward, METH_VARARGS, "backward(bar): the backward sweep."},
    {"finish_value", (PyCFunction)Sweep_finish_value, METH_NOARGS,
     "finish_value() -> best value with exactly one tile unlaid, -1 if none."},
    {"outs", (PyCFunction)Sweep_outs, METH_VARARGS, "outs(bar, distance) -> (faces, wild)."},
    {"row_distances", (PyCFunction)Sweep_row_distances, METH_VARARGS,
     "row_distances(bar, base) -> {face: distance}."},
    {"row_outs", (PyCFunction)Sweep_row_outs, METH_VARARGS,
     "row_outs(face, bar, d) -> (faces, wild)."},
    {"plan", (PyCFunction)Sweep_plan, METH_VARARGS,
     "plan(bar, distance, real_first) -> [(key before, key after)] per step."},
    {"stats", (PyCFunction)Sweep_stats, METH_NOARGS, "(states, entries) of the forward layers."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject SweepType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "rummy101_solver.engine._sweepc.CSweep",
    .tp_basicsize = sizeof(SweepObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = Sweep_new_fwd,
    .tp_dealloc = (destructor)Sweep_dealloc,
    .tp_methods = Sweep_methods,
    .tp_doc = "CSweep(held, avail, wilds, wild_avail, max_laid, limit, record=False, bar=0).",
};

/* ------------------------------------------------------------------ init */

static int flat_ints(PyObject *seq, int *out, Py_ssize_t n) {
    PyObject *fast = PySequence_Fast(seq, "a sequence of ints");
    if (!fast) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != n) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "%zd ints expected", n);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long x = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (x == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        out[i] = (int)x;
    }
    Py_DECREF(fast);
    return 0;
}

/* init(cs, tallies, tally_add, sets_fit, short): sweep.py's tables, flat */
static PyObject *mod_init(PyObject *self, PyObject *args) {
    PyObject *cs, *tallies, *tadd, *fit, *shortt;
    if (!PyArg_ParseTuple(args, "OOOOO", &cs, &tallies, &tadd, &fit, &shortt)) return NULL;
    int a[NCS * 3], t[NTALLY * 2], ta[NTALLY * 3], f[5 * 5 * 3], sh[NCS * 9];
    if (flat_ints(cs, a, NCS * 3) < 0 || flat_ints(tallies, t, NTALLY * 2) < 0 ||
        flat_ints(tadd, ta, NTALLY * 3) < 0 || flat_ints(fit, f, 75) < 0 ||
        flat_ints(shortt, sh, NCS * 9) < 0)
        return NULL;
    memset(CSID, -1, sizeof(CSID));
    for (int i = 0; i < NCS; i++) {
        for (int j = 0; j < 3; j++) CSA[i][j] = a[i * 3 + j];
        CSID[a[i * 3]][a[i * 3 + 1]][a[i * 3 + 2]] = i;
    }
    for (int i = 0; i < NTALLY; i++) {
        TALLY[i][0] = t[i * 2];
        TALLY[i][1] = t[i * 2 + 1];
        for (int j = 0; j < 3; j++) TALLY_ADD[i][j] = ta[i * 3 + j];
    }
    for (int i = 0; i < 75; i++) SETS_FIT[i / 15][(i / 3) % 5][i % 3] = (unsigned char)f[i];
    for (int i = 0; i < NCS; i++)
        for (int x = 0; x < 3; x++)
            for (int y = 0; y < 3; y++) SHORTL[x][y][i] = SHORTT[i][x][y] = sh[i * 9 + x * 3 + y];
    inited = 1;
    Py_RETURN_NONE;
}

static PyMethodDef mod_methods[] = {
    {"init", mod_init, METH_VARARGS, "init(cs, tallies, tally_add, sets_fit, short)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef moddef = {
    PyModuleDef_HEAD_INIT, "_sweepc",
    "The compiled inner loop of rummy101_solver.engine.sweep (optional).", -1, mod_methods,
};

PyMODINIT_FUNC PyInit__sweepc(void) {
    if (PyType_Ready(&SweepType) < 0) return NULL;
    PyObject *m = PyModule_Create(&moddef);
    if (!m) return NULL;
    Py_INCREF(&SweepType);
    if (PyModule_AddObject(m, "CSweep", (PyObject *)&SweepType) < 0) {
        Py_DECREF(&SweepType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
