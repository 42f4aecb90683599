/* A planted cost over four axes of 0..7: the row at the optimum O = (6,5,2,7) spins 500 units,
   every other row min(1000 + 120 d(O), 1300 + 30 d(B)) units, d the L1 distance to O and to the
   decoy basin's centre B = (1,1,6,1). The decoy's basin is wide (a row 14 steps from B still
   spins less than one 6 steps from O), O's is narrow; the sum it returns is the same in every row. */
#include <tune/kernel.h>

#define TUNE_DIST(a, b) ((a) > (b) ? (a) - (b) : (b) - (a))
#define TUNE_D_OPT \
  (TUNE_DIST(TUNE_AXIS(A), 6) + TUNE_DIST(TUNE_AXIS(B), 5) + TUNE_DIST(TUNE_AXIS(C), 2) + TUNE_DIST(TUNE_AXIS(D), 7))
#define TUNE_D_DECOY \
  (TUNE_DIST(TUNE_AXIS(A), 1) + TUNE_DIST(TUNE_AXIS(B), 1) + TUNE_DIST(TUNE_AXIS(C), 6) + TUNE_DIST(TUNE_AXIS(D), 1))
#define TUNE_NEAR (1000 + 120 * TUNE_D_OPT)
#define TUNE_FAR (1300 + 30 * TUNE_D_DECOY)
#define TUNE_UNITS (TUNE_D_OPT == 0 ? 500 : TUNE_NEAR < TUNE_FAR ? TUNE_NEAR : TUNE_FAR)

/* D = 9 exists only in the space PLANTED_LINK_FAIL declares (tests/e2e/scenarios/search.cmake): its
   rows compile and isolate, and call a function nothing defines, so the bench's link leaves them out. */
#if TUNE_AXIS(D) == 9
double planted_defined_nowhere(double);
#define TUNE_MISSING(s) planted_defined_nowhere(s)
#else
#define TUNE_MISSING(s) (s)
#endif

double TUNE_ENTRY(const double* x, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) s += x[i];
  for (long k = 0; k < 8L * TUNE_UNITS; k++) __asm__ volatile("");
  return TUNE_MISSING(s);
}
