// libcu++ (cuda::std) as real code uses it: complex arithmetic, atomic_ref
// with memory orders and scopes, bit operations; C bitfields; device malloc.
#include "sweep.h"
#include <cuda/std/complex>
#include <cuda/std/bit>
#include <cuda/atomic>

typedef unsigned int u32;

extern "C" __global__ void complex_ops(const float *a, float *out, int n)
{
	int i = TID;
	if (i >= n)
		return;
	cuda::std::complex<float> x(a[i], OTHER(a, 1)), y(OTHER(a, 2), OTHER(a, 3));
	cuda::std::complex<double> X(a[i], OTHER(a, 2)), Y(OTHER(a, 3), 0.5);
	cuda::std::complex<float> r[8] = {x * y, x / y, cuda::std::exp(x), cuda::std::sqrt(x), cuda::std::log(y),
		cuda::std::pow(x, y), cuda::std::sin(x), cuda::std::tanh(y)};
	for (int j = 0; j < 8; j++) {
		out[(2 * j) * n + i] = r[j].real();
		out[(2 * j + 1) * n + i] = r[j].imag();
	}
	PUT(16, cuda::std::abs(x)); PUT(17, cuda::std::arg(x));
	cuda::std::complex<double> d = X * Y / (X + Y) + cuda::std::exp(X);
	PUT(18, (float)d.real()); PUT(19, (float)d.imag());
	PUT(20, (float)cuda::std::abs(cuda::std::sqrt(X)));
}

extern "C" __global__ void atomic_ref_ops(const u32 *a, u32 *acc, u32 *out, int n)
{
	int i = TID;
	if (i >= n)
		return;
	u32 x = a[i];
	cuda::atomic_ref<u32, cuda::thread_scope_device> c0(acc[0]);
	cuda::atomic_ref<u32, cuda::thread_scope_system> c1(acc[1]);
	cuda::atomic_ref<u32, cuda::thread_scope_block> c2(acc[2 + blockIdx.x]);
	cuda::atomic_ref<unsigned long long, cuda::thread_scope_device> c3(*(unsigned long long *)&acc[8]);
	c0.fetch_add(x & 0xff, cuda::std::memory_order_relaxed);
	c1.fetch_or(x & 0x0f0f0f0f, cuda::std::memory_order_acq_rel);
	c2.fetch_max(x, cuda::std::memory_order_release);
	c3.fetch_add((unsigned long long)x << 8, cuda::std::memory_order_seq_cst);
	cuda::atomic_ref<u32, cuda::thread_scope_device> f(acc[10]);
	f.fetch_xor(x, cuda::std::memory_order_acquire);
	cuda::atomic_ref<u32, cuda::thread_scope_device> l(acc[11]);
	l.store(7, cuda::std::memory_order_release);
	PUT(0, l.load(cuda::std::memory_order_acquire));
	u32 expect = 0;
	cuda::atomic_ref<u32, cuda::thread_scope_device> w(acc[12]);
	// one thread wins, which one is not known: count the winners
	atomicAdd(&acc[13], w.compare_exchange_strong(expect, 1u) ? 1u : 0u);
	PUT(1, w.load());
	cuda::atomic_thread_fence(cuda::std::memory_order_seq_cst, cuda::thread_scope_device);
	__threadfence();
	__threadfence_block();
	PUT(2, cuda::std::popcount(x) + 100 * cuda::std::countl_zero(x) + 10000 * cuda::std::countr_zero(x));
	PUT(3, cuda::std::bit_width(x) + 100 * (u32)cuda::std::has_single_bit(x));
	PUT(4, cuda::std::rotl(x, (int)(x & 63) - 32));
	PUT(5, cuda::std::bit_cast<u32>((float)x * 0.5f));
	PUT(6, cuda::std::bit_floor(x) ^ cuda::std::bit_ceil(x & 0x7fffffff));
}

struct Bits {
	unsigned a : 3;
	unsigned b : 7;
	int c : 5;
	unsigned d : 12;
	unsigned e : 5;
	int f : 9;
	unsigned g : 23;
};

extern "C" __global__ void bitfields(const Bits *in, Bits *o, u32 *out, int n)
{
	int i = TID;
	if (i >= n)
		return;
	Bits b = in[i];
	PUT(0, b.a + b.b * 8 + (u32)b.c * 1024);
	PUT(1, (u32)b.f + b.g);
	b.a = b.b;
	b.c = b.f;
	b.d += b.e * 3;
	b.f = -b.f;
	b.g ^= b.d << 4;
	o[i] = b;
}

extern "C" __global__ void malloc_ops(const u32 *a, u32 *out, int n)
{
	int i = TID;
	if (i >= n)
		return;
	u32 k = a[i] % 50 + 1;
	u32 *p = (u32 *)malloc(k * sizeof *p);
	if (!p) {
		PUT(0, ~0u);
		return;
	}
	for (u32 j = 0; j < k; j++)
		p[j] = a[(i + j) % n] ^ j;
	u32 h = 0;
	for (u32 j = 0; j < k; j++)
		h = h * 31 + p[k - 1 - j];
	free(p);
	PUT(0, h);
}
