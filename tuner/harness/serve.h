#pragma once
// The child's side of a supervised family (`bench serve --family <name>`): runs the family's
// fixture and, from inside its fx.run, answers the supervisor's requests on the channel (the
// protocol is in tuner/harness/supervised.h) until it is told it is done.
#include <tune/bench/registry.h>

namespace tune::bench {

// Returns the process's exit status: 0 when the supervisor said done, 2 when the fixture failed
// before fx.run (the channel carried why).
int serve_family(const family_info& family);

}  // namespace tune::bench
