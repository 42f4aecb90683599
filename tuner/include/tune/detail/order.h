#pragma once
// The stamp order (docs/profiles-and-policy.md "Which row a family gets"), walked by one function
// for the build's stamp (tuner/stamp/seat.cpp) and for a DISPATCH binary binding a seat at run time
// (tune/dispatch.h): the sidecar's seat, else the first profile along the class ladder, else the
// fallback chain's first runnable row, else the reference. Each caller says what a source offers;
// the order is kept here. Header-only, C++17, no library beyond the standard one.
#include <initializer_list>

namespace tune::detail::order {

enum class source { sidecar, profile, fallback, reference };

// Offers each source in the stamp order to `take` (callable as bool(source): whether the source
// took the seat) until one does; the reference, last, always does. Returns the source that took it.
template <class Take>
source walk(Take&& take) {
  for (const source s : {source::sidecar, source::profile, source::fallback})
    if (take(s)) return s;
  take(source::reference);
  return source::reference;
}

}  // namespace tune::detail::order
