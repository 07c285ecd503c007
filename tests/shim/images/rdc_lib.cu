// rdc_lib.cu -- the device function rdc_main.cu calls.
__device__ float
offset(float x)
{
	return x + 3.0f;
}
