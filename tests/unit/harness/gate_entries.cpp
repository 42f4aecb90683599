// Row entries under both linkages, for unit-gate.cpp: an isolated object's names say why the bench
// did not hold its row.
extern "C" int fam__plain(int x) { return x + 1; }
int fam__mangled(int x) { return x + 2; }
