#include "race/result.h"

namespace tune::race {

const char* to_string(verdict v) {
  switch (v) {
    case verdict::won: return "won";
    case verdict::holds: return "holds";
    case verdict::tie: return "tie";
    case verdict::demoted: return "demoted";
    case verdict::rejected: return "rejected";
    case verdict::budget: return "budget";
  }
  return "unknown";
}

const char* to_string(mint_status s) {
  switch (s) {
    case mint_status::ok: return "ok";
    case mint_status::noise_refused: return "noise_refused";
    case mint_status::interrupted: return "interrupted";
  }
  return "unknown";
}

}  // namespace tune::race
