/* Sorting and searching utilities in C: recursive merge sort, heap sort,
 * binary search with comparator callbacks, and string helpers. */
#include <stddef.h>
#include <stdint.h>

typedef int (*cmp_fn)(const void *, const void *);

int cmp_int(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}
int cmp_float_desc(const void *a, const void *b) {
  float x = *(const float *)a, y = *(const float *)b;
  return (x < y) - (x > y);
}

static void swap_bytes(char *a, char *b, size_t sz) {
  while (sz--) { char t = *a; *a++ = *b; *b++ = t; }
}

void heap_sort(void *base, size_t n, size_t sz, cmp_fn cmp) {
  char *a = (char *)base;
  for (size_t start = n / 2; start-- > 0;) {
    size_t root = start;
    while (2 * root + 1 < n) {
      size_t child = 2 * root + 1;
      if (child + 1 < n && cmp(a + child * sz, a + (child + 1) * sz) < 0) ++child;
      if (cmp(a + root * sz, a + child * sz) >= 0) break;
      swap_bytes(a + root * sz, a + child * sz, sz);
      root = child;
    }
  }
  for (size_t end = n; end-- > 1;) {
    swap_bytes(a, a + end * sz, sz);
    size_t root = 0;
    while (2 * root + 1 < end) {
      size_t child = 2 * root + 1;
      if (child + 1 < end && cmp(a + child * sz, a + (child + 1) * sz) < 0) ++child;
      if (cmp(a + root * sz, a + child * sz) >= 0) break;
      swap_bytes(a + root * sz, a + child * sz, sz);
      root = child;
    }
  }
}

void merge_sort_int(int *a, int *tmp, int lo, int hi) {
  if (hi - lo < 2) return;
  int mid = lo + (hi - lo) / 2;
  merge_sort_int(a, tmp, lo, mid);
  merge_sort_int(a, tmp, mid, hi);
  int i = lo, j = mid, k = lo;
  while (i < mid && j < hi) tmp[k++] = a[i] <= a[j] ? a[i++] : a[j++];
  while (i < mid) tmp[k++] = a[i++];
  while (j < hi) tmp[k++] = a[j++];
  for (k = lo; k < hi; ++k) a[k] = tmp[k];
}

const void *bsearch_generic(const void *key, const void *base, size_t n, size_t sz, cmp_fn cmp) {
  const char *lo = (const char *)base;
  while (n > 0) {
    const char *mid = lo + (n / 2) * sz;
    int c = cmp(key, mid);
    if (c == 0) return mid;
    if (c > 0) { lo = mid + sz; n -= n / 2 + 1; }
    else n /= 2;
  }
  return NULL;
}

size_t lower_bound_u64(const uint64_t *a, size_t n, uint64_t key) {
  size_t lo = 0, hi = n;
  while (lo < hi) {
    size_t mid = (lo + hi) >> 1;
    if (a[mid] < key) lo = mid + 1; else hi = mid;
  }
  return lo;
}

size_t str_len(const char *s) { const char *p = s; while (*p) ++p; return (size_t)(p - s); }
int str_cmp(const char *a, const char *b) {
  while (*a && *a == *b) { ++a; ++b; }
  return (unsigned char)*a - (unsigned char)*b;
}
uint32_t fnv1a(const char *s) {
  uint32_t h = 2166136261u;
  while (*s) { h ^= (unsigned char)*s++; h *= 16777619u; }
  return h;
}

static const char *const month_names[12] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                            "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
int month_index(const char *name) {
  for (int i = 0; i < 12; ++i)
    if (str_cmp(name, month_names[i]) == 0) return i;
  return -1;
}

void sort_ints(int *a, size_t n) { heap_sort(a, n, sizeof(int), cmp_int); }
void sort_floats_desc(float *a, size_t n) { heap_sort(a, n, sizeof(float), cmp_float_desc); }
