/*
 * shim_proc.c -- cuGetProcAddress: the driver entry point for a name and
 * the CUDA version the caller was built for.  A name is the API's base
 * name ("cuMemAlloc"); each row gives the symbol that implements it from
 * a CUDA version on, and the newest row not newer than the caller wins, so
 * a program built for CUDA 12.0 asking for "cuCtxCreate" gets the _v2 ABI
 * it was compiled against, not _v4.
 */
#include <string.h>
#include "cuda/shim.h"

typedef void (*Proc)(void);

/* Declared without parameters: only their addresses are taken here. */
CUresult cuCtxCreate();
CUresult cuCtxCreate_v2();
CUresult cuCtxCreate_v3();
CUresult cuCtxCreate_v4();
CUresult cuCtxDestroy();
CUresult cuCtxDestroy_v2();
CUresult cuCtxGetApiVersion();
CUresult cuCtxGetCurrent();
CUresult cuCtxGetDevice();
CUresult cuCtxGetFlags();
CUresult cuCtxPopCurrent();
CUresult cuCtxPopCurrent_v2();
CUresult cuCtxPushCurrent();
CUresult cuCtxPushCurrent_v2();
CUresult cuCtxSetCurrent();
CUresult cuCtxSynchronize();
CUresult cuDeviceComputeCapability();
CUresult cuDeviceGet();
CUresult cuDeviceGetAttribute();
CUresult cuDeviceGetCount();
CUresult cuDeviceGetName();
CUresult cuDeviceGetUuid();
CUresult cuDeviceGetUuid_v2();
CUresult cuDevicePrimaryCtxGetState();
CUresult cuDevicePrimaryCtxRelease();
CUresult cuDevicePrimaryCtxRelease_v2();
CUresult cuDevicePrimaryCtxReset();
CUresult cuDevicePrimaryCtxReset_v2();
CUresult cuDevicePrimaryCtxRetain();
CUresult cuDevicePrimaryCtxSetFlags();
CUresult cuDevicePrimaryCtxSetFlags_v2();
CUresult cuDeviceTotalMem();
CUresult cuDeviceTotalMem_v2();
CUresult cuDriverGetVersion();
CUresult cuEventCreate();
CUresult cuEventDestroy();
CUresult cuEventDestroy_v2();
CUresult cuEventElapsedTime();
CUresult cuEventElapsedTime_v2();
CUresult cuEventQuery();
CUresult cuEventRecord();
CUresult cuEventRecordWithFlags();
CUresult cuEventSynchronize();
CUresult cuFuncGetAttribute();
CUresult cuFuncGetModule();
CUresult cuFuncGetName();
CUresult cuFuncSetAttribute();
CUresult cuFuncSetCacheConfig();
CUresult cuGetErrorName();
CUresult cuGetErrorString();
CUresult cuGetProcAddress();
CUresult cuGetProcAddress_v2();
CUresult cuInit();
CUresult cuLaunchCooperativeKernel();
CUresult cuLaunchKernel();
CUresult cuLaunchKernelEx();
CUresult cuLinkAddData();
CUresult cuLinkAddData_v2();
CUresult cuLinkAddFile();
CUresult cuLinkAddFile_v2();
CUresult cuLinkComplete();
CUresult cuLinkCreate();
CUresult cuLinkCreate_v2();
CUresult cuLinkDestroy();
CUresult cuMemAlloc();
CUresult cuMemAllocHost();
CUresult cuMemAllocHost_v2();
CUresult cuMemAllocPitch_v2();
CUresult cuMemAlloc_v2();
CUresult cuMemFree();
CUresult cuMemFreeHost();
CUresult cuMemFree_v2();
CUresult cuMemGetAddressRange_v2();
CUresult cuMemGetInfo();
CUresult cuMemGetInfo_v2();
CUresult cuMemHostAlloc();
CUresult cuMemHostRegister_v2();
CUresult cuMemHostUnregister();
CUresult cuMemcpy();
CUresult cuMemcpyAsync();
CUresult cuMemcpyDtoD();
CUresult cuMemcpyDtoDAsync_v2();
CUresult cuMemcpyDtoD_v2();
CUresult cuMemcpyDtoH();
CUresult cuMemcpyDtoHAsync_v2();
CUresult cuMemcpyDtoH_v2();
CUresult cuMemcpyHtoD();
CUresult cuMemcpyHtoDAsync_v2();
CUresult cuMemcpyHtoD_v2();
CUresult cuMemsetD16();
CUresult cuMemsetD16Async();
CUresult cuMemsetD16_v2();
CUresult cuMemsetD32();
CUresult cuMemsetD32Async();
CUresult cuMemsetD32_v2();
CUresult cuMemsetD8();
CUresult cuMemsetD8Async();
CUresult cuMemsetD8_v2();
CUresult cuModuleGetFunction();
CUresult cuModuleGetGlobal();
CUresult cuModuleGetGlobal_v2();
CUresult cuModuleLoad();
CUresult cuModuleLoadData();
CUresult cuModuleLoadDataEx();
CUresult cuModuleLoadFatBinary();
CUresult cuModuleUnload();
CUresult cuStreamCreate();
CUresult cuStreamCreateWithPriority();
CUresult cuStreamDestroy();
CUresult cuStreamDestroy_v2();
CUresult cuStreamQuery();
CUresult cuStreamSynchronize();
CUresult cuStreamWaitEvent();
CUresult cuTensorMapEncodeTiled();
CUresult cuTensorMapReplaceAddress();

static const struct { const char *name; int ver; Proc fn; } procs[] = {
	{"cuCtxCreate", 2000, (Proc)cuCtxCreate},
	{"cuCtxCreate", 3020, (Proc)cuCtxCreate_v2},
	{"cuCtxCreate", 11040, (Proc)cuCtxCreate_v3},
	{"cuCtxCreate", 12050, (Proc)cuCtxCreate_v4},
	{"cuCtxDestroy", 2000, (Proc)cuCtxDestroy},
	{"cuCtxDestroy", 4000, (Proc)cuCtxDestroy_v2},
	{"cuCtxGetApiVersion", 2000, (Proc)cuCtxGetApiVersion},
	{"cuCtxGetCurrent", 2000, (Proc)cuCtxGetCurrent},
	{"cuCtxGetDevice", 2000, (Proc)cuCtxGetDevice},
	{"cuCtxGetFlags", 2000, (Proc)cuCtxGetFlags},
	{"cuCtxPopCurrent", 2000, (Proc)cuCtxPopCurrent},
	{"cuCtxPopCurrent", 4000, (Proc)cuCtxPopCurrent_v2},
	{"cuCtxPushCurrent", 2000, (Proc)cuCtxPushCurrent},
	{"cuCtxPushCurrent", 4000, (Proc)cuCtxPushCurrent_v2},
	{"cuCtxSetCurrent", 2000, (Proc)cuCtxSetCurrent},
	{"cuCtxSynchronize", 2000, (Proc)cuCtxSynchronize},
	{"cuDeviceComputeCapability", 2000, (Proc)cuDeviceComputeCapability},
	{"cuDeviceGet", 2000, (Proc)cuDeviceGet},
	{"cuDeviceGetAttribute", 2000, (Proc)cuDeviceGetAttribute},
	{"cuDeviceGetCount", 2000, (Proc)cuDeviceGetCount},
	{"cuDeviceGetName", 2000, (Proc)cuDeviceGetName},
	{"cuDeviceGetUuid", 2000, (Proc)cuDeviceGetUuid},
	{"cuDeviceGetUuid", 11040, (Proc)cuDeviceGetUuid_v2},
	{"cuDevicePrimaryCtxGetState", 2000, (Proc)cuDevicePrimaryCtxGetState},
	{"cuDevicePrimaryCtxRelease", 2000, (Proc)cuDevicePrimaryCtxRelease},
	{"cuDevicePrimaryCtxRelease", 11000, (Proc)cuDevicePrimaryCtxRelease_v2},
	{"cuDevicePrimaryCtxReset", 2000, (Proc)cuDevicePrimaryCtxReset},
	{"cuDevicePrimaryCtxReset", 11000, (Proc)cuDevicePrimaryCtxReset_v2},
	{"cuDevicePrimaryCtxRetain", 2000, (Proc)cuDevicePrimaryCtxRetain},
	{"cuDevicePrimaryCtxSetFlags", 2000, (Proc)cuDevicePrimaryCtxSetFlags},
	{"cuDevicePrimaryCtxSetFlags", 11000, (Proc)cuDevicePrimaryCtxSetFlags_v2},
	{"cuDeviceTotalMem", 2000, (Proc)cuDeviceTotalMem},
	{"cuDeviceTotalMem", 3020, (Proc)cuDeviceTotalMem_v2},
	{"cuDriverGetVersion", 2000, (Proc)cuDriverGetVersion},
	{"cuEventCreate", 2000, (Proc)cuEventCreate},
	{"cuEventDestroy", 2000, (Proc)cuEventDestroy},
	{"cuEventDestroy", 4000, (Proc)cuEventDestroy_v2},
	{"cuEventElapsedTime", 2000, (Proc)cuEventElapsedTime},
	{"cuEventElapsedTime", 12080, (Proc)cuEventElapsedTime_v2},
	{"cuEventQuery", 2000, (Proc)cuEventQuery},
	{"cuEventRecord", 2000, (Proc)cuEventRecord},
	{"cuEventRecordWithFlags", 2000, (Proc)cuEventRecordWithFlags},
	{"cuEventSynchronize", 2000, (Proc)cuEventSynchronize},
	{"cuFuncGetAttribute", 2000, (Proc)cuFuncGetAttribute},
	{"cuFuncGetModule", 2000, (Proc)cuFuncGetModule},
	{"cuFuncGetName", 2000, (Proc)cuFuncGetName},
	{"cuFuncSetAttribute", 2000, (Proc)cuFuncSetAttribute},
	{"cuFuncSetCacheConfig", 2000, (Proc)cuFuncSetCacheConfig},
	{"cuGetErrorName", 2000, (Proc)cuGetErrorName},
	{"cuGetErrorString", 2000, (Proc)cuGetErrorString},
	{"cuGetProcAddress", 2000, (Proc)cuGetProcAddress},
	{"cuGetProcAddress", 12000, (Proc)cuGetProcAddress_v2},
	{"cuInit", 2000, (Proc)cuInit},
	{"cuLaunchCooperativeKernel", 2000, (Proc)cuLaunchCooperativeKernel},
	{"cuLaunchKernel", 2000, (Proc)cuLaunchKernel},
	{"cuLaunchKernelEx", 2000, (Proc)cuLaunchKernelEx},
	{"cuLinkAddData", 2000, (Proc)cuLinkAddData},
	{"cuLinkAddData", 6050, (Proc)cuLinkAddData_v2},
	{"cuLinkAddFile", 2000, (Proc)cuLinkAddFile},
	{"cuLinkAddFile", 6050, (Proc)cuLinkAddFile_v2},
	{"cuLinkComplete", 2000, (Proc)cuLinkComplete},
	{"cuLinkCreate", 2000, (Proc)cuLinkCreate},
	{"cuLinkCreate", 6050, (Proc)cuLinkCreate_v2},
	{"cuLinkDestroy", 2000, (Proc)cuLinkDestroy},
	{"cuMemAlloc", 2000, (Proc)cuMemAlloc},
	{"cuMemAllocHost", 2000, (Proc)cuMemAllocHost},
	{"cuMemAllocHost", 3020, (Proc)cuMemAllocHost_v2},
	{"cuMemAllocPitch", 3020, (Proc)cuMemAllocPitch_v2},
	{"cuMemAlloc", 3020, (Proc)cuMemAlloc_v2},
	{"cuMemFree", 2000, (Proc)cuMemFree},
	{"cuMemFreeHost", 2000, (Proc)cuMemFreeHost},
	{"cuMemFree", 3020, (Proc)cuMemFree_v2},
	{"cuMemGetAddressRange", 3020, (Proc)cuMemGetAddressRange_v2},
	{"cuMemGetInfo", 2000, (Proc)cuMemGetInfo},
	{"cuMemGetInfo", 3020, (Proc)cuMemGetInfo_v2},
	{"cuMemHostAlloc", 2000, (Proc)cuMemHostAlloc},
	{"cuMemHostRegister", 6050, (Proc)cuMemHostRegister_v2},
	{"cuMemHostUnregister", 2000, (Proc)cuMemHostUnregister},
	{"cuMemcpy", 2000, (Proc)cuMemcpy},
	{"cuMemcpyAsync", 2000, (Proc)cuMemcpyAsync},
	{"cuMemcpyDtoD", 2000, (Proc)cuMemcpyDtoD},
	{"cuMemcpyDtoDAsync", 3020, (Proc)cuMemcpyDtoDAsync_v2},
	{"cuMemcpyDtoD", 3020, (Proc)cuMemcpyDtoD_v2},
	{"cuMemcpyDtoH", 2000, (Proc)cuMemcpyDtoH},
	{"cuMemcpyDtoHAsync", 3020, (Proc)cuMemcpyDtoHAsync_v2},
	{"cuMemcpyDtoH", 3020, (Proc)cuMemcpyDtoH_v2},
	{"cuMemcpyHtoD", 2000, (Proc)cuMemcpyHtoD},
	{"cuMemcpyHtoDAsync", 3020, (Proc)cuMemcpyHtoDAsync_v2},
	{"cuMemcpyHtoD", 3020, (Proc)cuMemcpyHtoD_v2},
	{"cuMemsetD16", 2000, (Proc)cuMemsetD16},
	{"cuMemsetD16Async", 2000, (Proc)cuMemsetD16Async},
	{"cuMemsetD16", 3020, (Proc)cuMemsetD16_v2},
	{"cuMemsetD32", 2000, (Proc)cuMemsetD32},
	{"cuMemsetD32Async", 2000, (Proc)cuMemsetD32Async},
	{"cuMemsetD32", 3020, (Proc)cuMemsetD32_v2},
	{"cuMemsetD8", 2000, (Proc)cuMemsetD8},
	{"cuMemsetD8Async", 2000, (Proc)cuMemsetD8Async},
	{"cuMemsetD8", 3020, (Proc)cuMemsetD8_v2},
	{"cuModuleGetFunction", 2000, (Proc)cuModuleGetFunction},
	{"cuModuleGetGlobal", 2000, (Proc)cuModuleGetGlobal},
	{"cuModuleGetGlobal", 3020, (Proc)cuModuleGetGlobal_v2},
	{"cuModuleLoad", 2000, (Proc)cuModuleLoad},
	{"cuModuleLoadData", 2000, (Proc)cuModuleLoadData},
	{"cuModuleLoadDataEx", 2000, (Proc)cuModuleLoadDataEx},
	{"cuModuleLoadFatBinary", 2000, (Proc)cuModuleLoadFatBinary},
	{"cuModuleUnload", 2000, (Proc)cuModuleUnload},
	{"cuStreamCreate", 2000, (Proc)cuStreamCreate},
	{"cuStreamCreateWithPriority", 2000, (Proc)cuStreamCreateWithPriority},
	{"cuStreamDestroy", 2000, (Proc)cuStreamDestroy},
	{"cuStreamDestroy", 4000, (Proc)cuStreamDestroy_v2},
	{"cuStreamQuery", 2000, (Proc)cuStreamQuery},
	{"cuStreamSynchronize", 2000, (Proc)cuStreamSynchronize},
	{"cuStreamWaitEvent", 2000, (Proc)cuStreamWaitEvent},
	{"cuTensorMapEncodeTiled", 12000, (Proc)cuTensorMapEncodeTiled},
	{"cuTensorMapReplaceAddress", 12000, (Proc)cuTensorMapReplaceAddress},
};

/* CUdriverProcAddressQueryResult */
enum { CU_GET_PROC_ADDRESS_SUCCESS, CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND,
       CU_GET_PROC_ADDRESS_VERSION_NOT_SUFFICIENT };

CUresult
cuGetProcAddress_v2(const char *symbol, void **pfn, int version, cuuint64_t flags, int *status)
{
	int best = -1, found = 0;

	(void)flags;
	if (!symbol || !pfn)
		return CUDA_ERROR_INVALID_VALUE;
	*pfn = NULL;
	for (int i = 0; i < (int)(sizeof procs / sizeof procs[0]); i++)
		if (!strcmp(procs[i].name, symbol)) {
			found = 1;
			if (procs[i].ver <= version && (best < 0 || procs[i].ver > procs[best].ver))
				best = i;
		}
	if (status)
		*status = best >= 0 ? CU_GET_PROC_ADDRESS_SUCCESS :
		    found ? CU_GET_PROC_ADDRESS_VERSION_NOT_SUFFICIENT : CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND;
	if (best < 0)
		return CUDA_ERROR_NOT_FOUND;
	/* POSIX guarantees function and object pointers convert (dlsym relies on it). */
	memcpy(pfn, &procs[best].fn, sizeof *pfn);
	return CUDA_SUCCESS;
}

CUresult
cuGetProcAddress(const char *symbol, void **pfn, int version, cuuint64_t flags)
{
	return cuGetProcAddress_v2(symbol, pfn, version, flags, NULL);
}
