#pragma once
// Included by ignored.cpp: the row's recipe identity covers this file's content.
inline int e2e_ignored_weight(int x) { return 2 * x; }
