#include <tune/kernels/alpha.h>
#include <tune/kernels/beta.h>
#include <tune/kernels/gamma.h>

#include <vector>

int main() {
  std::vector<float> a(100, 1.0f);
  return alpha(a.data(), a.size()) + beta(a.data(), a.size()) + gamma(a.data(), a.size()) == 300.0f ? 0 : 1;
}
