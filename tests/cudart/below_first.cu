// below_first.cu -- a kernel that reads before the program's first
// buffer, as some programs do unknowingly (16 KiB before it, a stencil's
// halo): on the GPU the loads up to 400 MiB below a context's first
// allocation (a small one) read 0 without a fault, and the program's
// results stand.
#include "check.h"

__global__ void
halo(const int *a, int n, long long back, int *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)   // the element and what lies back bytes before the buffer
		out[i] = a[i] + *(const volatile int *)((const char *)a - back + 4 * (i % 16));
}

int
main()
{
	const int n = 1000;
	static const long long backs[] = { 16384, 1 << 20, 128ll << 20 };
	int *a, *out, h[n];

	CHECK(cudaMalloc((void **)&a, n * sizeof(int)));
	CHECK(cudaMalloc((void **)&out, n * sizeof(int)));
	for (int i = 0; i < n; i++)
		h[i] = 3 * i - 7;
	CHECK(cudaMemcpy(a, h, sizeof h, cudaMemcpyHostToDevice));
	for (int k = 0; k < 3; k++) {
		halo<<<(n + 127) / 128, 128>>>(a, n, backs[k], out);
		CHECK_LAUNCH();
		CHECK(cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost));
		for (int i = 0; i < n; i++)
			if (h[i] != 3 * i - 7) {
				fprintf(stderr, "%lld bytes before: [%d] = %d\n", backs[k], i, h[i]);
				return 1;
			}
	}
	printf("below_first: loads 16 KiB, 1 MiB and 128 MiB before the first buffer read 0 ok\n");
	return 0;
}
