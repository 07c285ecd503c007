// sweep.h -- what the kernels of tests/run/cuda share: each thread handles
// element i of its inputs and writes result j of element i at out[j*n+i], so
// a mismatch's index names the operation (index / n) and the input (index % n).
#pragma once
#define TID ((int)(blockIdx.x * blockDim.x + threadIdx.x))
#define PUT(j, e) (out[(j) * n + i] = (e))
// a second and third operand drawn from the same input at other positions
#define OTHER(a, k) (a[(i * (2 * (k) + 5) + 3 * (k) + 1) % n])
