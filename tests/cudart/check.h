/*
 * check.h -- what every program of tests/cudart shares: CHECK() stops the
 * program on the first runtime call that fails, naming it, so a failure
 * in the driver underneath shows as the runtime call it broke.
 */
#ifndef CUDART_CHECK_H
#define CUDART_CHECK_H

#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CHECK(call) do { \
	cudaError_t e_ = (call); \
	if (e_ != cudaSuccess) { \
		fprintf(stderr, "%s:%d: %s: %s (%d)\n", __FILE__, __LINE__, #call, \
		    cudaGetErrorString(e_), (int)e_); \
		exit(1); \
	} \
} while (0)

/* the launch itself, then what it did */
#define CHECK_LAUNCH() do { CHECK(cudaGetLastError()); CHECK(cudaDeviceSynchronize()); } while (0)

#endif
