/*
 * shim_proc.c -- cuGetProcAddress: the driver entry point for a name and
 * the CUDA version the caller was built for.  A name is the API's base
 * name ("cuMemAlloc"); each row gives the symbol that implements it from
 * a CUDA version on, and the newest row not newer than the caller wins, so
 * a program built for CUDA 12.0 asking for "cuCtxCreate" gets the _v2 ABI
 * it was compiled against, not _v4.  With
 * CU_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM, an entry point that has a
 * per-thread default stream variant (shim_ptds.def) is handed out as that.
 */
#include <stdio.h>
#include <string.h>
#include "cuda/shim.h"

typedef void (*Proc)(void);

/* Declared without parameters: only their addresses are taken here. */
CUresult cuArrayCreate();
CUresult cuArrayCreate_v2();
CUresult cuArray3DCreate();
CUresult cuArray3DCreate_v2();
CUresult cuArrayGetDescriptor();
CUresult cuArrayGetDescriptor_v2();
CUresult cuArray3DGetDescriptor();
CUresult cuArray3DGetDescriptor_v2();
CUresult cuArrayDestroy();
CUresult cuMipmappedArrayCreate();
CUresult cuMipmappedArrayGetLevel();
CUresult cuMipmappedArrayDestroy();
CUresult cuMemcpyHtoA();
CUresult cuMemcpyHtoA_v2();
CUresult cuMemcpyHtoAAsync();
CUresult cuMemcpyHtoAAsync_v2();
CUresult cuMemcpyAtoH();
CUresult cuMemcpyAtoH_v2();
CUresult cuMemcpyAtoHAsync();
CUresult cuMemcpyAtoHAsync_v2();
CUresult cuMemcpyAtoD();
CUresult cuMemcpyAtoD_v2();
CUresult cuMemcpyDtoA();
CUresult cuMemcpyDtoA_v2();
CUresult cuMemcpyAtoA();
CUresult cuMemcpyAtoA_v2();
CUresult cuTexObjectCreate();
CUresult cuTexObjectDestroy();
CUresult cuTexObjectGetResourceDesc();
CUresult cuTexObjectGetTextureDesc();
CUresult cuTexObjectGetResourceViewDesc();
CUresult cuSurfObjectCreate();
CUresult cuSurfObjectDestroy();
CUresult cuSurfObjectGetResourceDesc();
CUresult cuCtxCreate();
CUresult cuCtxCreate_v2();
CUresult cuCtxCreate_v3();
CUresult cuCtxCreate_v4();
CUresult cuCtxDestroy();
CUresult cuCtxDestroy_v2();
CUresult cuCtxDisablePeerAccess();
CUresult cuCtxEnablePeerAccess();
CUresult cuCtxGetApiVersion();
CUresult cuCtxGetCacheConfig();
CUresult cuCtxGetCurrent();
CUresult cuCtxGetDevice();
CUresult cuCtxGetDevice_v2();
CUresult cuCtxGetFlags();
CUresult cuCtxGetId();
CUresult cuCtxGetLimit();
CUresult cuCtxGetStreamPriorityRange();
CUresult cuCtxPopCurrent();
CUresult cuCtxPopCurrent_v2();
CUresult cuCtxPushCurrent();
CUresult cuCtxPushCurrent_v2();
CUresult cuCtxRecordEvent();
CUresult cuCtxSetCacheConfig();
CUresult cuCtxSetCurrent();
CUresult cuCtxSetFlags();
CUresult cuCtxSetLimit();
CUresult cuCtxSynchronize();
CUresult cuCtxSynchronize_v2();
CUresult cuCtxWaitEvent();
CUresult cuDeviceCanAccessPeer();
CUresult cuDeviceComputeCapability();
CUresult cuDeviceGet();
CUresult cuDeviceGetAttribute();
CUresult cuDeviceGetByPCIBusId();
CUresult cuDeviceGetCount();
CUresult cuDeviceGetName();
CUresult cuDeviceGetP2PAttribute();
CUresult cuDeviceGetPCIBusId();
CUresult cuDeviceGetProperties();
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
CUresult cuFuncGetParamInfo();
CUresult cuFuncIsLoaded();
CUresult cuFuncLoad();
CUresult cuFuncSetAttribute();
CUresult cuFuncSetCacheConfig();
CUresult cuGetErrorName();
CUresult cuGetErrorString();
CUresult cuGetExportTable();
CUresult cuGraphicsMapResources();
CUresult cuGraphicsResourceGetMappedMipmappedArray();
CUresult cuGraphicsResourceGetMappedPointer();
CUresult cuGraphicsResourceGetMappedPointer_v2();
CUresult cuGraphicsResourceSetMapFlags();
CUresult cuGraphicsResourceSetMapFlags_v2();
CUresult cuGraphicsSubResourceGetMappedArray();
CUresult cuGraphicsUnmapResources();
CUresult cuGraphicsUnregisterResource();
CUresult cuGetProcAddress();
CUresult cuGetProcAddress_v2();
CUresult cuGraphGetNodes();
CUresult cuGraphGetRootNodes();
CUresult cuGraphNodeGetType();
CUresult cuGraphGetEdges();
CUresult cuGraphGetEdges_v2();
CUresult cuGraphNodeGetDependencies();
CUresult cuGraphNodeGetDependencies_v2();
CUresult cuGraphNodeGetDependentNodes();
CUresult cuGraphNodeGetDependentNodes_v2();
CUresult cuStreamBeginCapture();
CUresult cuStreamBeginCapture_v2();
CUresult cuStreamBeginCaptureToGraph();
CUresult cuStreamEndCapture();
CUresult cuStreamIsCapturing();
CUresult cuStreamGetCaptureInfo();
CUresult cuStreamGetCaptureInfo_v2();
CUresult cuStreamGetCaptureInfo_v3();
CUresult cuStreamUpdateCaptureDependencies();
CUresult cuStreamUpdateCaptureDependencies_v2();
CUresult cuThreadExchangeStreamCaptureMode();
CUresult cuMemAllocAsync();
CUresult cuMemAllocFromPoolAsync();
CUresult cuMemFreeAsync();
CUresult cuMemPoolCreate();
CUresult cuMemPoolDestroy();
CUresult cuMemPoolSetAttribute();
CUresult cuMemPoolGetAttribute();
CUresult cuMemPoolTrimTo();
CUresult cuMemPoolSetAccess();
CUresult cuMemPoolGetAccess();
CUresult cuDeviceGetDefaultMemPool();
CUresult cuDeviceGetMemPool();
CUresult cuDeviceSetMemPool();
CUresult cuMemGetDefaultMemPool();
CUresult cuMemGetMemPool();
CUresult cuMemSetMemPool();
CUresult cuGraphAddDependencies();
CUresult cuGraphAddDependencies_v2();
CUresult cuGraphRemoveDependencies();
CUresult cuGraphRemoveDependencies_v2();
CUresult cuGraphDestroyNode();
CUresult cuGraphKernelNodeGetParams();
CUresult cuGraphKernelNodeGetParams_v2();
CUresult cuGraphExecUpdate();
CUresult cuGraphExecUpdate_v2();
CUresult cuGraphClone();
CUresult cuGraphAddEmptyNode();
CUresult cuGraphAddHostNode();
CUresult cuGraphAddKernelNode();
CUresult cuGraphAddKernelNode_v2();
CUresult cuGraphAddMemcpyNode();
CUresult cuGraphAddMemsetNode();
CUresult cuGraphCreate();
CUresult cuGraphDestroy();
CUresult cuGraphExecDestroy();
CUresult cuGraphExecKernelNodeSetParams();
CUresult cuGraphExecKernelNodeSetParams_v2();
CUresult cuGraphExecMemcpyNodeSetParams();
CUresult cuGraphExecMemsetNodeSetParams();
CUresult cuGraphInstantiate();
CUresult cuGraphInstantiateWithFlags();
CUresult cuGraphInstantiateWithParams();
CUresult cuGraphExecGetFlags();
CUresult cuGraphGetId();
CUresult cuUserObjectCreate();
CUresult cuUserObjectRetain();
CUresult cuUserObjectRelease();
CUresult cuGraphRetainUserObject();
CUresult cuGraphReleaseUserObject();
CUresult cuGraphExecGetId();
CUresult cuGraphInstantiate_v2();
CUresult cuGraphKernelNodeSetParams();
CUresult cuGraphKernelNodeSetParams_v2();
CUresult cuGraphLaunch();
CUresult cuGraphUpload();
CUresult cuInit();
CUresult cuKernelGetAttribute();
CUresult cuKernelGetFunction();
CUresult cuKernelGetLibrary();
CUresult cuKernelGetName();
CUresult cuKernelGetParamInfo();
CUresult cuKernelSetAttribute();
CUresult cuKernelSetCacheConfig();
CUresult cuLaunchCooperativeKernel();
CUresult cuLaunchHostFunc();
CUresult cuLaunchKernel();
CUresult cuLaunchKernelEx();
CUresult cuLibraryEnumerateKernels();
CUresult cuLibraryGetGlobal();
CUresult cuLibraryGetKernel();
CUresult cuLibraryGetKernelCount();
CUresult cuLibraryGetManaged();
CUresult cuLibraryGetModule();
CUresult cuLibraryGetUnifiedFunction();
CUresult cuLibraryLoadData();
CUresult cuLibraryLoadFromFile();
CUresult cuLibraryUnload();
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
CUresult cuMemAllocPitch();
CUresult cuMemAllocPitch_v2();
CUresult cuMemAlloc_v2();
CUresult cuMemFree();
CUresult cuMemFreeHost();
CUresult cuMemFree_v2();
CUresult cuMemGetAddressRange();
CUresult cuMemGetAddressRange_v2();
CUresult cuMemGetInfo();
CUresult cuMemGetInfo_v2();
CUresult cuMemHostAlloc();
CUresult cuMemAllocManaged();
CUresult cuMemHostGetDevicePointer();
CUresult cuMemHostGetDevicePointer_v2();
CUresult cuStreamAttachMemAsync();
CUresult cuMemPrefetchAsync();
CUresult cuMemAdvise();
CUresult cuMemPrefetchAsync_v2();
CUresult cuMemAdvise_v2();
CUresult cuMemHostGetFlags();
CUresult cuMemHostRegister_v2();
CUresult cuMemAddressReserve();
CUresult cuMemAddressFree();
CUresult cuMemCreate();
CUresult cuMemRelease();
CUresult cuMemMap();
CUresult cuMemUnmap();
CUresult cuMemSetAccess();
CUresult cuMemGetAccess();
CUresult cuMemExportToShareableHandle();
CUresult cuMemImportFromShareableHandle();
CUresult cuMemGetAllocationGranularity();
CUresult cuMemGetAllocationPropertiesFromHandle();
CUresult cuMemRetainAllocationHandle();
CUresult cuMemHostUnregister();
CUresult cuMemcpy();
CUresult cuMemcpy2DAsync();
CUresult cuMemcpy2DAsync_v2();
CUresult cuMemcpy2DUnaligned();
CUresult cuMemcpy2DUnaligned_v2();
CUresult cuMemcpy2D();
CUresult cuMemcpy2D_v2();
CUresult cuMemcpy3DAsync();
CUresult cuMemcpy3DAsync_v2();
CUresult cuMemcpy3DPeer();
CUresult cuMemcpy3DPeerAsync();
CUresult cuMemcpy3D();
CUresult cuMemcpy3D_v2();
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
CUresult cuMemcpyPeer();
CUresult cuMemcpyPeerAsync();
CUresult cuMemsetD16();
CUresult cuMemsetD16Async();
CUresult cuMemsetD16_v2();
CUresult cuMemsetD2D16Async();
CUresult cuMemsetD2D16();
CUresult cuMemsetD2D16_v2();
CUresult cuMemsetD2D32Async();
CUresult cuMemsetD2D32();
CUresult cuMemsetD2D32_v2();
CUresult cuMemsetD2D8Async();
CUresult cuMemsetD2D8();
CUresult cuMemsetD2D8_v2();
CUresult cuMemsetD32();
CUresult cuMemsetD32Async();
CUresult cuMemsetD32_v2();
CUresult cuMemsetD8();
CUresult cuMemsetD8Async();
CUresult cuMemsetD8_v2();
CUresult cuModuleEnumerateFunctions();
CUresult cuModuleGetFunction();
CUresult cuModuleGetFunctionCount();
CUresult cuModuleGetGlobal();
CUresult cuModuleGetGlobal_v2();
CUresult cuModuleGetLoadingMode();
CUresult cuModuleLoad();
CUresult cuModuleLoadData();
CUresult cuModuleLoadDataEx();
CUresult cuModuleLoadFatBinary();
CUresult cuModuleUnload();
CUresult cuOccupancyAvailableDynamicSMemPerBlock();
CUresult cuOccupancyMaxActiveBlocksPerMultiprocessor();
CUresult cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags();
CUresult cuOccupancyMaxPotentialBlockSize();
CUresult cuOccupancyMaxPotentialBlockSizeWithFlags();
CUresult cuPointerGetAttribute();
CUresult cuPointerGetAttributes();
CUresult cuPointerSetAttribute();
/* shim_facil.c */
CUresult cuDeviceGetLuid();
CUresult cuDeviceGetExecAffinitySupport();
CUresult cuCtxGetExecAffinity();
CUresult cuDeviceGetHostAtomicCapabilities();
CUresult cuDeviceGetP2PAtomicCapabilities();
CUresult cuMemGetHandleForAddressRange();
CUresult cuMulticastGetGranularity();
CUresult cuMulticastCreate();
CUresult cuMulticastAddDevice();
CUresult cuMulticastBindMem();
CUresult cuMulticastBindAddr();
CUresult cuMulticastUnbind();
CUresult cuDeviceGetDevResource();
CUresult cuGraphAddBatchMemOpNode();
CUresult cuGraphBatchMemOpNodeGetParams();
CUresult cuGraphBatchMemOpNodeSetParams();
CUresult cuGraphExecBatchMemOpNodeSetParams();
CUresult cuGraphAddExternalSemaphoresSignalNode();
CUresult cuGraphAddExternalSemaphoresWaitNode();
CUresult cuGraphExecExternalSemaphoresSignalNodeSetParams();
CUresult cuGraphExecExternalSemaphoresWaitNodeSetParams();
CUresult cuGraphExternalSemaphoresSignalNodeGetParams();
CUresult cuGraphExternalSemaphoresSignalNodeSetParams();
CUresult cuGraphExternalSemaphoresWaitNodeGetParams();
CUresult cuGraphExternalSemaphoresWaitNodeSetParams();
CUresult cuLaunchCooperativeKernelMultiDevice();
CUresult cuCtxFromGreenCtx();
CUresult cuCtxGetDevResource();
CUresult cuDevResourceGenerateDesc();
CUresult cuDevSmResourceSplitByCount();
CUresult cuGreenCtxCreate();
CUresult cuGreenCtxDestroy();
CUresult cuGreenCtxGetDevResource();
CUresult cuGreenCtxGetId();
CUresult cuGreenCtxRecordEvent();
CUresult cuGreenCtxStreamCreate();
CUresult cuGreenCtxWaitEvent();
CUresult cuStreamGetGreenCtx();
CUresult cuImportExternalMemory();
CUresult cuImportExternalSemaphore();
CUresult cuDestroyExternalMemory();
CUresult cuDestroyExternalSemaphore();
CUresult cuExternalMemoryGetMappedBuffer();
CUresult cuExternalMemoryGetMappedMipmappedArray();
CUresult cuSignalExternalSemaphoresAsync();
CUresult cuWaitExternalSemaphoresAsync();
CUresult cuDeviceRegisterAsyncNotification();
CUresult cuDeviceUnregisterAsyncNotification();
CUresult cuLogsRegisterCallback();
CUresult cuLogsUnregisterCallback();
CUresult cuLogsCurrent();
CUresult cuLogsDumpToMemory();
CUresult cuLogsDumpToFile();
CUresult cuCoredumpGetAttribute();
CUresult cuCoredumpGetAttributeGlobal();
CUresult cuCoredumpSetAttribute();
CUresult cuCoredumpSetAttributeGlobal();
CUresult cuCheckpointProcessGetState();
CUresult cuCheckpointProcessGetRestoreThreadId();
CUresult cuCheckpointProcessLock();
CUresult cuCheckpointProcessCheckpoint();
CUresult cuCheckpointProcessRestore();
CUresult cuCheckpointProcessUnlock();
CUresult cuArrayGetSparseProperties();
CUresult cuArrayGetMemoryRequirements();
CUresult cuMipmappedArrayGetSparseProperties();
CUresult cuMipmappedArrayGetMemoryRequirements();
CUresult cuArrayGetPlane();
CUresult cuProfilerStart();
CUresult cuProfilerStop();
CUresult cuStreamAddCallback();
CUresult cuStreamCreate();
CUresult cuStreamCreateWithPriority();
CUresult cuStreamDestroy();
CUresult cuStreamDestroy_v2();
CUresult cuStreamGetCtx();
CUresult cuStreamGetCtx_v2();
CUresult cuStreamGetDevice();
CUresult cuStreamGetFlags();
CUresult cuStreamGetId();
CUresult cuStreamGetPriority();
CUresult cuStreamQuery();
CUresult cuStreamSynchronize();
CUresult cuStreamWaitEvent();
CUresult cuTensorMapEncodeTiled();
CUresult cuMemBatchDecompressAsync();
CUresult cuMemMapArrayAsync();
CUresult cuDeviceGetNvSciSyncAttributes();
CUresult cuTensorMapEncodeIm2col();
CUresult cuTensorMapEncodeIm2colWide();
CUresult cuTensorMapReplaceAddress();
CUresult cuIpcGetMemHandle();
CUresult cuIpcOpenMemHandle();
CUresult cuIpcOpenMemHandle_v2();
CUresult cuIpcCloseMemHandle();
CUresult cuIpcGetEventHandle();
CUresult cuIpcOpenEventHandle();
CUresult cuStreamGetAttribute();
CUresult cuStreamSetAttribute();
CUresult cuStreamCopyAttributes();
CUresult cuCtxResetPersistingL2Cache();
CUresult cuStreamWaitValue32();
CUresult cuStreamWaitValue32_v2();
CUresult cuStreamWaitValue64();
CUresult cuStreamWaitValue64_v2();
CUresult cuStreamWriteValue32();
CUresult cuStreamWriteValue32_v2();
CUresult cuStreamWriteValue64();
CUresult cuStreamWriteValue64_v2();
CUresult cuStreamBatchMemOp();
CUresult cuStreamBatchMemOp_v2();
CUresult cuOccupancyMaxActiveClusters();
CUresult cuOccupancyMaxPotentialClusterSize();
CUresult cuFuncSetSharedMemConfig();
CUresult cuCtxGetSharedMemConfig();
CUresult cuCtxSetSharedMemConfig();
CUresult cuDeviceGetTexture1DLinearMaxWidth();
CUresult cuProfilerInitialize();
CUresult cuFlushGPUDirectRDMAWrites();
CUresult cuGraphKernelNodeGetAttribute();
CUresult cuGraphKernelNodeSetAttribute();
CUresult cuGraphKernelNodeCopyAttributes();
CUresult cuGraphAddEventRecordNode();
CUresult cuGraphEventRecordNodeGetEvent();
CUresult cuGraphEventRecordNodeSetEvent();
CUresult cuGraphExecEventRecordNodeSetEvent();
CUresult cuGraphAddEventWaitNode();
CUresult cuGraphEventWaitNodeGetEvent();
CUresult cuGraphEventWaitNodeSetEvent();
CUresult cuGraphExecEventWaitNodeSetEvent();
CUresult cuGraphAddChildGraphNode();
CUresult cuGraphChildGraphNodeGetGraph();
CUresult cuGraphExecChildGraphNodeSetParams();
CUresult cuGraphHostNodeGetParams();
CUresult cuGraphHostNodeSetParams();
CUresult cuGraphExecHostNodeSetParams();
CUresult cuGraphMemcpyNodeGetParams();
CUresult cuGraphMemcpyNodeSetParams();
CUresult cuGraphMemsetNodeGetParams();
CUresult cuGraphMemsetNodeSetParams();
CUresult cuGraphNodeSetEnabled();
CUresult cuGraphNodeGetEnabled();
CUresult cuGraphNodeFindInClone();
CUresult cuGraphAddMemAllocNode();
CUresult cuGraphAddMemFreeNode();
CUresult cuGraphMemAllocNodeGetParams();
CUresult cuGraphMemFreeNodeGetParams();
CUresult cuDeviceGetGraphMemAttribute();
CUresult cuDeviceSetGraphMemAttribute();
CUresult cuDeviceGraphMemTrim();
CUresult cuGraphAddNode();
CUresult cuGraphConditionalHandleCreate();
CUresult cuGraphAddNode_v2();
CUresult cuGraphNodeSetParams();
CUresult cuGraphExecNodeSetParams();
CUresult cuGraphDebugDotPrint();
CUresult cuMemRangeGetAttribute();
CUresult cuMemRangeGetAttributes();
CUresult cuMemPrefetchBatchAsync();
CUresult cuMemDiscardBatchAsync();
CUresult cuMemDiscardAndPrefetchBatchAsync();
CUresult cuMemcpyBatchAsync();
CUresult cuMemcpyBatchAsync_v2();
CUresult cuMemcpy3DBatchAsync();
CUresult cuMemcpy3DBatchAsync_v2();

static const struct { const char *name; int ver; Proc fn; } procs[] = {
	{"cuCtxCreate", 2000, (Proc)cuCtxCreate},
	{"cuCtxCreate", 3020, (Proc)cuCtxCreate_v2},
	{"cuCtxCreate", 11040, (Proc)cuCtxCreate_v3},
	{"cuCtxCreate", 12050, (Proc)cuCtxCreate_v4},
	{"cuCtxDestroy", 2000, (Proc)cuCtxDestroy},
	{"cuCtxDestroy", 4000, (Proc)cuCtxDestroy_v2},
	{"cuCtxDisablePeerAccess", 4000, (Proc)cuCtxDisablePeerAccess},
	{"cuCtxEnablePeerAccess", 4000, (Proc)cuCtxEnablePeerAccess},
	{"cuCtxGetApiVersion", 2000, (Proc)cuCtxGetApiVersion},
	{"cuCtxGetCacheConfig", 3020, (Proc)cuCtxGetCacheConfig},
	{"cuCtxGetCurrent", 2000, (Proc)cuCtxGetCurrent},
	{"cuCtxGetDevice", 2000, (Proc)cuCtxGetDevice},
	{"cuCtxGetDevice", 13000, (Proc)cuCtxGetDevice_v2},
	{"cuCtxGetFlags", 2000, (Proc)cuCtxGetFlags},
	{"cuCtxGetId", 12000, (Proc)cuCtxGetId},
	{"cuCtxGetLimit", 3010, (Proc)cuCtxGetLimit},
	{"cuCtxGetStreamPriorityRange", 5050, (Proc)cuCtxGetStreamPriorityRange},
	{"cuCtxPopCurrent", 2000, (Proc)cuCtxPopCurrent},
	{"cuCtxPopCurrent", 4000, (Proc)cuCtxPopCurrent_v2},
	{"cuCtxPushCurrent", 2000, (Proc)cuCtxPushCurrent},
	{"cuCtxPushCurrent", 4000, (Proc)cuCtxPushCurrent_v2},
	{"cuCtxRecordEvent", 12050, (Proc)cuCtxRecordEvent},
	{"cuCtxSetCacheConfig", 3020, (Proc)cuCtxSetCacheConfig},
	{"cuCtxSetCurrent", 2000, (Proc)cuCtxSetCurrent},
	{"cuCtxSetFlags", 12010, (Proc)cuCtxSetFlags},
	{"cuCtxSetLimit", 3010, (Proc)cuCtxSetLimit},
	{"cuCtxSynchronize", 2000, (Proc)cuCtxSynchronize},
	{"cuCtxSynchronize", 13000, (Proc)cuCtxSynchronize_v2},
	{"cuCtxWaitEvent", 12050, (Proc)cuCtxWaitEvent},
	{"cuDeviceCanAccessPeer", 4000, (Proc)cuDeviceCanAccessPeer},
	{"cuDeviceComputeCapability", 2000, (Proc)cuDeviceComputeCapability},
	{"cuDeviceGet", 2000, (Proc)cuDeviceGet},
	{"cuDeviceGetAttribute", 2000, (Proc)cuDeviceGetAttribute},
	{"cuDeviceGetByPCIBusId", 4010, (Proc)cuDeviceGetByPCIBusId},
	{"cuDeviceGetCount", 2000, (Proc)cuDeviceGetCount},
	{"cuDeviceGetName", 2000, (Proc)cuDeviceGetName},
	{"cuDeviceGetP2PAttribute", 8000, (Proc)cuDeviceGetP2PAttribute},
	{"cuDeviceGetPCIBusId", 4010, (Proc)cuDeviceGetPCIBusId},
	{"cuDeviceGetProperties", 2000, (Proc)cuDeviceGetProperties},
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
	{"cuFuncGetParamInfo", 12040, (Proc)cuFuncGetParamInfo},
	{"cuFuncIsLoaded", 12040, (Proc)cuFuncIsLoaded},
	{"cuFuncLoad", 12040, (Proc)cuFuncLoad},
	{"cuFuncSetAttribute", 2000, (Proc)cuFuncSetAttribute},
	{"cuFuncSetCacheConfig", 2000, (Proc)cuFuncSetCacheConfig},
	{"cuGetErrorName", 2000, (Proc)cuGetErrorName},
	{"cuGetErrorString", 2000, (Proc)cuGetErrorString},
	{"cuGetExportTable", 3000, (Proc)cuGetExportTable},
	{"cuGetProcAddress", 2000, (Proc)cuGetProcAddress},
	{"cuGetProcAddress", 12000, (Proc)cuGetProcAddress_v2},
	{"cuGraphicsMapResources", 3000, (Proc)cuGraphicsMapResources},
	{"cuGraphicsResourceGetMappedMipmappedArray", 5000, (Proc)cuGraphicsResourceGetMappedMipmappedArray},
	{"cuGraphicsResourceGetMappedPointer", 3000, (Proc)cuGraphicsResourceGetMappedPointer},
	{"cuGraphicsResourceGetMappedPointer", 3020, (Proc)cuGraphicsResourceGetMappedPointer_v2},
	{"cuGraphicsResourceSetMapFlags", 3000, (Proc)cuGraphicsResourceSetMapFlags},
	{"cuGraphicsResourceSetMapFlags", 6050, (Proc)cuGraphicsResourceSetMapFlags_v2},
	{"cuGraphicsSubResourceGetMappedArray", 3000, (Proc)cuGraphicsSubResourceGetMappedArray},
	{"cuGraphicsUnmapResources", 3000, (Proc)cuGraphicsUnmapResources},
	{"cuGraphicsUnregisterResource", 3000, (Proc)cuGraphicsUnregisterResource},
	{"cuGraphGetNodes", 10000, (Proc)cuGraphGetNodes},
	{"cuGraphGetRootNodes", 10000, (Proc)cuGraphGetRootNodes},
	{"cuGraphNodeGetType", 10000, (Proc)cuGraphNodeGetType},
	{"cuGraphGetEdges", 10000, (Proc)cuGraphGetEdges},
	{"cuGraphGetEdges", 12030, (Proc)cuGraphGetEdges_v2},
	{"cuGraphNodeGetDependencies", 10000, (Proc)cuGraphNodeGetDependencies},
	{"cuGraphNodeGetDependencies", 12030, (Proc)cuGraphNodeGetDependencies_v2},
	{"cuGraphNodeGetDependentNodes", 10000, (Proc)cuGraphNodeGetDependentNodes},
	{"cuGraphNodeGetDependentNodes", 12030, (Proc)cuGraphNodeGetDependentNodes_v2},
	{"cuStreamBeginCapture", 10000, (Proc)cuStreamBeginCapture},
	{"cuStreamBeginCapture", 10010, (Proc)cuStreamBeginCapture_v2},
	{"cuStreamBeginCaptureToGraph", 12030, (Proc)cuStreamBeginCaptureToGraph},
	{"cuStreamEndCapture", 10000, (Proc)cuStreamEndCapture},
	{"cuStreamIsCapturing", 10000, (Proc)cuStreamIsCapturing},
	{"cuStreamGetCaptureInfo", 10010, (Proc)cuStreamGetCaptureInfo},
	{"cuStreamGetCaptureInfo", 11030, (Proc)cuStreamGetCaptureInfo_v2},
	{"cuStreamGetCaptureInfo", 12030, (Proc)cuStreamGetCaptureInfo_v3},
	{"cuStreamUpdateCaptureDependencies", 11030, (Proc)cuStreamUpdateCaptureDependencies},
	{"cuStreamUpdateCaptureDependencies", 12030, (Proc)cuStreamUpdateCaptureDependencies_v2},
	{"cuThreadExchangeStreamCaptureMode", 10010, (Proc)cuThreadExchangeStreamCaptureMode},
	{"cuMemAllocAsync", 11020, (Proc)cuMemAllocAsync},
	{"cuMemAllocFromPoolAsync", 11020, (Proc)cuMemAllocFromPoolAsync},
	{"cuMemFreeAsync", 11020, (Proc)cuMemFreeAsync},
	{"cuMemPoolCreate", 11020, (Proc)cuMemPoolCreate},
	{"cuMemPoolDestroy", 11020, (Proc)cuMemPoolDestroy},
	{"cuMemPoolSetAttribute", 11020, (Proc)cuMemPoolSetAttribute},
	{"cuMemPoolGetAttribute", 11020, (Proc)cuMemPoolGetAttribute},
	{"cuMemPoolTrimTo", 11020, (Proc)cuMemPoolTrimTo},
	{"cuMemPoolSetAccess", 11020, (Proc)cuMemPoolSetAccess},
	{"cuMemPoolGetAccess", 11020, (Proc)cuMemPoolGetAccess},
	{"cuDeviceGetDefaultMemPool", 11020, (Proc)cuDeviceGetDefaultMemPool},
	{"cuDeviceGetMemPool", 11020, (Proc)cuDeviceGetMemPool},
	{"cuDeviceSetMemPool", 11020, (Proc)cuDeviceSetMemPool},
	{"cuMemGetDefaultMemPool", 13000, (Proc)cuMemGetDefaultMemPool},
	{"cuMemGetMemPool", 13000, (Proc)cuMemGetMemPool},
	{"cuMemSetMemPool", 13000, (Proc)cuMemSetMemPool},
	{"cuGraphAddDependencies", 10000, (Proc)cuGraphAddDependencies},
	{"cuGraphAddDependencies", 12030, (Proc)cuGraphAddDependencies_v2},
	{"cuGraphRemoveDependencies", 10000, (Proc)cuGraphRemoveDependencies},
	{"cuGraphRemoveDependencies", 12030, (Proc)cuGraphRemoveDependencies_v2},
	{"cuGraphDestroyNode", 10000, (Proc)cuGraphDestroyNode},
	{"cuGraphKernelNodeGetParams", 10000, (Proc)cuGraphKernelNodeGetParams},
	{"cuGraphKernelNodeGetParams", 12000, (Proc)cuGraphKernelNodeGetParams_v2},
	{"cuGraphExecUpdate", 10020, (Proc)cuGraphExecUpdate},
	{"cuGraphExecUpdate", 12000, (Proc)cuGraphExecUpdate_v2},
	{"cuGraphClone", 10000, (Proc)cuGraphClone},
	{"cuGraphAddEmptyNode", 10000, (Proc)cuGraphAddEmptyNode},
	{"cuGraphAddHostNode", 10000, (Proc)cuGraphAddHostNode},
	{"cuGraphAddKernelNode", 10000, (Proc)cuGraphAddKernelNode},
	{"cuGraphAddKernelNode", 12000, (Proc)cuGraphAddKernelNode_v2},
	{"cuGraphAddMemcpyNode", 10000, (Proc)cuGraphAddMemcpyNode},
	{"cuGraphAddMemsetNode", 10000, (Proc)cuGraphAddMemsetNode},
	{"cuGraphCreate", 10000, (Proc)cuGraphCreate},
	{"cuGraphDestroy", 10000, (Proc)cuGraphDestroy},
	{"cuGraphExecDestroy", 10000, (Proc)cuGraphExecDestroy},
	{"cuGraphExecKernelNodeSetParams", 10010, (Proc)cuGraphExecKernelNodeSetParams},
	{"cuGraphExecKernelNodeSetParams", 12000, (Proc)cuGraphExecKernelNodeSetParams_v2},
	{"cuGraphExecMemcpyNodeSetParams", 10020, (Proc)cuGraphExecMemcpyNodeSetParams},
	{"cuGraphExecMemsetNodeSetParams", 10020, (Proc)cuGraphExecMemsetNodeSetParams},
	{"cuGraphInstantiate", 10000, (Proc)cuGraphInstantiate},
	{"cuGraphInstantiate", 11000, (Proc)cuGraphInstantiate_v2},
	{"cuGraphInstantiate", 12000, (Proc)cuGraphInstantiateWithFlags},
	{"cuGraphInstantiateWithFlags", 11040, (Proc)cuGraphInstantiateWithFlags},
	{"cuGraphInstantiateWithParams", 12000, (Proc)cuGraphInstantiateWithParams},
	{"cuGraphExecGetFlags", 12000, (Proc)cuGraphExecGetFlags},
	{"cuGraphGetId", 13010, (Proc)cuGraphGetId},
	{"cuUserObjectCreate", 11030, (Proc)cuUserObjectCreate},
	{"cuUserObjectRetain", 11030, (Proc)cuUserObjectRetain},
	{"cuUserObjectRelease", 11030, (Proc)cuUserObjectRelease},
	{"cuGraphRetainUserObject", 11030, (Proc)cuGraphRetainUserObject},
	{"cuGraphReleaseUserObject", 11030, (Proc)cuGraphReleaseUserObject},
	{"cuGraphExecGetId", 13010, (Proc)cuGraphExecGetId},
	{"cuGraphKernelNodeSetParams", 10000, (Proc)cuGraphKernelNodeSetParams},
	{"cuGraphKernelNodeSetParams", 12000, (Proc)cuGraphKernelNodeSetParams_v2},
	{"cuGraphLaunch", 10000, (Proc)cuGraphLaunch},
	{"cuGraphUpload", 11010, (Proc)cuGraphUpload},
	{"cuInit", 2000, (Proc)cuInit},
	{"cuKernelGetAttribute", 12000, (Proc)cuKernelGetAttribute},
	{"cuKernelGetFunction", 12000, (Proc)cuKernelGetFunction},
	{"cuKernelGetLibrary", 12050, (Proc)cuKernelGetLibrary},
	{"cuKernelGetName", 12030, (Proc)cuKernelGetName},
	{"cuKernelGetParamInfo", 12040, (Proc)cuKernelGetParamInfo},
	{"cuKernelSetAttribute", 12000, (Proc)cuKernelSetAttribute},
	{"cuKernelSetCacheConfig", 12000, (Proc)cuKernelSetCacheConfig},
	{"cuLaunchCooperativeKernel", 2000, (Proc)cuLaunchCooperativeKernel},
	{"cuLaunchHostFunc", 10000, (Proc)cuLaunchHostFunc},
	{"cuLaunchKernel", 2000, (Proc)cuLaunchKernel},
	{"cuLaunchKernelEx", 2000, (Proc)cuLaunchKernelEx},
	{"cuLibraryEnumerateKernels", 12040, (Proc)cuLibraryEnumerateKernels},
	{"cuLibraryGetGlobal", 12000, (Proc)cuLibraryGetGlobal},
	{"cuLibraryGetKernel", 12000, (Proc)cuLibraryGetKernel},
	{"cuLibraryGetKernelCount", 12040, (Proc)cuLibraryGetKernelCount},
	{"cuLibraryGetManaged", 12000, (Proc)cuLibraryGetManaged},
	{"cuLibraryGetModule", 12000, (Proc)cuLibraryGetModule},
	{"cuLibraryGetUnifiedFunction", 12000, (Proc)cuLibraryGetUnifiedFunction},
	{"cuLibraryLoadData", 12000, (Proc)cuLibraryLoadData},
	{"cuLibraryLoadFromFile", 12000, (Proc)cuLibraryLoadFromFile},
	{"cuLibraryUnload", 12000, (Proc)cuLibraryUnload},
	{"cuLinkAddData", 2000, (Proc)cuLinkAddData},
	{"cuLinkAddData", 6050, (Proc)cuLinkAddData_v2},
	{"cuLinkAddFile", 2000, (Proc)cuLinkAddFile},
	{"cuLinkAddFile", 6050, (Proc)cuLinkAddFile_v2},
	{"cuLinkComplete", 2000, (Proc)cuLinkComplete},
	{"cuLinkCreate", 2000, (Proc)cuLinkCreate},
	{"cuLinkCreate", 6050, (Proc)cuLinkCreate_v2},
	{"cuLinkDestroy", 2000, (Proc)cuLinkDestroy},
	{"cuMemAlloc", 2000, (Proc)cuMemAlloc},
	{"cuMemAlloc", 3020, (Proc)cuMemAlloc_v2},
	{"cuMemAllocHost", 2000, (Proc)cuMemAllocHost},
	{"cuMemAllocHost", 3020, (Proc)cuMemAllocHost_v2},
	{"cuMemAllocPitch", 2000, (Proc)cuMemAllocPitch},
	{"cuMemAllocPitch", 3020, (Proc)cuMemAllocPitch_v2},
	{"cuMemFree", 2000, (Proc)cuMemFree},
	{"cuMemFree", 3020, (Proc)cuMemFree_v2},
	{"cuMemFreeHost", 2000, (Proc)cuMemFreeHost},
	{"cuMemGetAddressRange", 2000, (Proc)cuMemGetAddressRange},
	{"cuMemGetAddressRange", 3020, (Proc)cuMemGetAddressRange_v2},
	{"cuIpcGetMemHandle", 4010, (Proc)cuIpcGetMemHandle},
	{"cuIpcOpenMemHandle", 4010, (Proc)cuIpcOpenMemHandle},
	{"cuIpcOpenMemHandle", 11000, (Proc)cuIpcOpenMemHandle_v2},
	{"cuIpcCloseMemHandle", 4010, (Proc)cuIpcCloseMemHandle},
	{"cuIpcGetEventHandle", 4010, (Proc)cuIpcGetEventHandle},
	{"cuIpcOpenEventHandle", 4010, (Proc)cuIpcOpenEventHandle},
	{"cuMemGetInfo", 2000, (Proc)cuMemGetInfo},
	{"cuMemGetInfo", 3020, (Proc)cuMemGetInfo_v2},
	{"cuMemHostAlloc", 2000, (Proc)cuMemHostAlloc},
	{"cuMemAllocManaged", 6000, (Proc)cuMemAllocManaged},
	{"cuMemHostGetDevicePointer", 2020, (Proc)cuMemHostGetDevicePointer},
	{"cuMemHostGetDevicePointer", 3020, (Proc)cuMemHostGetDevicePointer_v2},
	{"cuStreamAttachMemAsync", 6000, (Proc)cuStreamAttachMemAsync},
	{"cuMemPrefetchAsync", 8000, (Proc)cuMemPrefetchAsync},
	{"cuMemPrefetchAsync", 12020, (Proc)cuMemPrefetchAsync_v2},
	{"cuMemAdvise", 8000, (Proc)cuMemAdvise},
	{"cuMemAdvise", 12020, (Proc)cuMemAdvise_v2},
	{"cuMemHostGetFlags", 2030, (Proc)cuMemHostGetFlags},
	{"cuMemHostRegister", 6050, (Proc)cuMemHostRegister_v2},
	{"cuMemAddressReserve", 10020, (Proc)cuMemAddressReserve},
	{"cuMemAddressFree", 10020, (Proc)cuMemAddressFree},
	{"cuMemCreate", 10020, (Proc)cuMemCreate},
	{"cuMemRelease", 10020, (Proc)cuMemRelease},
	{"cuMemMap", 10020, (Proc)cuMemMap},
	{"cuMemUnmap", 10020, (Proc)cuMemUnmap},
	{"cuMemSetAccess", 10020, (Proc)cuMemSetAccess},
	{"cuMemGetAccess", 10020, (Proc)cuMemGetAccess},
	{"cuMemExportToShareableHandle", 10020, (Proc)cuMemExportToShareableHandle},
	{"cuMemImportFromShareableHandle", 10020, (Proc)cuMemImportFromShareableHandle},
	{"cuMemGetAllocationGranularity", 10020, (Proc)cuMemGetAllocationGranularity},
	{"cuMemGetAllocationPropertiesFromHandle", 10020, (Proc)cuMemGetAllocationPropertiesFromHandle},
	{"cuMemRetainAllocationHandle", 11000, (Proc)cuMemRetainAllocationHandle},
	{"cuMemHostUnregister", 2000, (Proc)cuMemHostUnregister},
	{"cuMemcpy", 2000, (Proc)cuMemcpy},
	{"cuMemcpy2D", 2000, (Proc)cuMemcpy2D},
	{"cuMemcpy2D", 3020, (Proc)cuMemcpy2D_v2},
	{"cuMemcpy2DAsync", 2000, (Proc)cuMemcpy2DAsync},
	{"cuMemcpy2DAsync", 3020, (Proc)cuMemcpy2DAsync_v2},
	{"cuMemcpy2DUnaligned", 2000, (Proc)cuMemcpy2DUnaligned},
	{"cuMemcpy2DUnaligned", 3020, (Proc)cuMemcpy2DUnaligned_v2},
	{"cuMemcpy3D", 2000, (Proc)cuMemcpy3D},
	{"cuMemcpy3D", 3020, (Proc)cuMemcpy3D_v2},
	{"cuMemcpy3DAsync", 2000, (Proc)cuMemcpy3DAsync},
	{"cuMemcpy3DAsync", 3020, (Proc)cuMemcpy3DAsync_v2},
	{"cuMemcpy3DPeer", 4000, (Proc)cuMemcpy3DPeer},
	{"cuMemcpy3DPeerAsync", 4000, (Proc)cuMemcpy3DPeerAsync},
	{"cuMemcpyAsync", 2000, (Proc)cuMemcpyAsync},
	{"cuMemcpyDtoD", 2000, (Proc)cuMemcpyDtoD},
	{"cuMemcpyDtoD", 3020, (Proc)cuMemcpyDtoD_v2},
	{"cuMemcpyDtoDAsync", 3020, (Proc)cuMemcpyDtoDAsync_v2},
	{"cuMemcpyDtoH", 2000, (Proc)cuMemcpyDtoH},
	{"cuMemcpyDtoH", 3020, (Proc)cuMemcpyDtoH_v2},
	{"cuMemcpyDtoHAsync", 3020, (Proc)cuMemcpyDtoHAsync_v2},
	{"cuMemcpyHtoD", 2000, (Proc)cuMemcpyHtoD},
	{"cuMemcpyHtoD", 3020, (Proc)cuMemcpyHtoD_v2},
	{"cuMemcpyHtoDAsync", 3020, (Proc)cuMemcpyHtoDAsync_v2},
	{"cuMemcpyPeer", 4000, (Proc)cuMemcpyPeer},
	{"cuMemcpyPeerAsync", 4000, (Proc)cuMemcpyPeerAsync},
	{"cuMemsetD16", 2000, (Proc)cuMemsetD16},
	{"cuMemsetD16", 3020, (Proc)cuMemsetD16_v2},
	{"cuMemsetD16Async", 2000, (Proc)cuMemsetD16Async},
	{"cuMemsetD2D16", 2000, (Proc)cuMemsetD2D16},
	{"cuMemsetD2D16", 3020, (Proc)cuMemsetD2D16_v2},
	{"cuMemsetD2D16Async", 3020, (Proc)cuMemsetD2D16Async},
	{"cuMemsetD2D32", 2000, (Proc)cuMemsetD2D32},
	{"cuMemsetD2D32", 3020, (Proc)cuMemsetD2D32_v2},
	{"cuMemsetD2D32Async", 3020, (Proc)cuMemsetD2D32Async},
	{"cuMemsetD2D8", 2000, (Proc)cuMemsetD2D8},
	{"cuMemsetD2D8", 3020, (Proc)cuMemsetD2D8_v2},
	{"cuMemsetD2D8Async", 3020, (Proc)cuMemsetD2D8Async},
	{"cuMemsetD32", 2000, (Proc)cuMemsetD32},
	{"cuMemsetD32", 3020, (Proc)cuMemsetD32_v2},
	{"cuMemsetD32Async", 2000, (Proc)cuMemsetD32Async},
	{"cuMemsetD8", 2000, (Proc)cuMemsetD8},
	{"cuMemsetD8", 3020, (Proc)cuMemsetD8_v2},
	{"cuMemsetD8Async", 2000, (Proc)cuMemsetD8Async},
	{"cuModuleEnumerateFunctions", 12040, (Proc)cuModuleEnumerateFunctions},
	{"cuModuleGetFunction", 2000, (Proc)cuModuleGetFunction},
	{"cuModuleGetFunctionCount", 12040, (Proc)cuModuleGetFunctionCount},
	{"cuModuleGetGlobal", 2000, (Proc)cuModuleGetGlobal},
	{"cuModuleGetGlobal", 3020, (Proc)cuModuleGetGlobal_v2},
	{"cuModuleGetLoadingMode", 11070, (Proc)cuModuleGetLoadingMode},
	{"cuModuleLoad", 2000, (Proc)cuModuleLoad},
	{"cuModuleLoadData", 2000, (Proc)cuModuleLoadData},
	{"cuModuleLoadDataEx", 2000, (Proc)cuModuleLoadDataEx},
	{"cuModuleLoadFatBinary", 2000, (Proc)cuModuleLoadFatBinary},
	{"cuModuleUnload", 2000, (Proc)cuModuleUnload},
	{"cuOccupancyAvailableDynamicSMemPerBlock", 10020, (Proc)cuOccupancyAvailableDynamicSMemPerBlock},
	{"cuOccupancyMaxActiveBlocksPerMultiprocessor", 6050, (Proc)cuOccupancyMaxActiveBlocksPerMultiprocessor},
	{"cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags", 7000,
	 (Proc)cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags},
	{"cuOccupancyMaxPotentialBlockSize", 6050, (Proc)cuOccupancyMaxPotentialBlockSize},
	{"cuOccupancyMaxPotentialBlockSizeWithFlags", 7000, (Proc)cuOccupancyMaxPotentialBlockSizeWithFlags},
	{"cuPointerGetAttribute", 4000, (Proc)cuPointerGetAttribute},
	{"cuPointerGetAttributes", 7000, (Proc)cuPointerGetAttributes},
	{"cuPointerSetAttribute", 6000, (Proc)cuPointerSetAttribute},
	{"cuProfilerStart", 4000, (Proc)cuProfilerStart},
	{"cuProfilerStop", 4000, (Proc)cuProfilerStop},
	{"cuStreamAddCallback", 5000, (Proc)cuStreamAddCallback},
	{"cuStreamCreate", 2000, (Proc)cuStreamCreate},
	{"cuStreamCreateWithPriority", 2000, (Proc)cuStreamCreateWithPriority},
	{"cuStreamDestroy", 2000, (Proc)cuStreamDestroy},
	{"cuStreamDestroy", 4000, (Proc)cuStreamDestroy_v2},
	{"cuStreamGetCtx", 9020, (Proc)cuStreamGetCtx},
	{"cuStreamGetCtx", 12050, (Proc)cuStreamGetCtx_v2},
	{"cuStreamGetDevice", 12080, (Proc)cuStreamGetDevice},
	{"cuStreamGetFlags", 5050, (Proc)cuStreamGetFlags},
	{"cuStreamGetId", 12000, (Proc)cuStreamGetId},
	{"cuStreamGetPriority", 5050, (Proc)cuStreamGetPriority},
	{"cuStreamQuery", 2000, (Proc)cuStreamQuery},
	{"cuStreamSynchronize", 2000, (Proc)cuStreamSynchronize},
	{"cuStreamWaitEvent", 2000, (Proc)cuStreamWaitEvent},
	{"cuTensorMapEncodeTiled", 12000, (Proc)cuTensorMapEncodeTiled},
	{"cuMemBatchDecompressAsync", 12080, (Proc)cuMemBatchDecompressAsync},
	{"cuMemMapArrayAsync", 11010, (Proc)cuMemMapArrayAsync},
	{"cuDeviceGetNvSciSyncAttributes", 10020, (Proc)cuDeviceGetNvSciSyncAttributes},
	{"cuTensorMapEncodeIm2col", 12000, (Proc)cuTensorMapEncodeIm2col},
	{"cuTensorMapEncodeIm2colWide", 12080, (Proc)cuTensorMapEncodeIm2colWide},
	{"cuTensorMapReplaceAddress", 12000, (Proc)cuTensorMapReplaceAddress},
	{"cuArrayCreate", 2000, (Proc)cuArrayCreate},
	{"cuArrayCreate", 3020, (Proc)cuArrayCreate_v2},
	{"cuArray3DCreate", 2000, (Proc)cuArray3DCreate},
	{"cuArray3DCreate", 3020, (Proc)cuArray3DCreate_v2},
	{"cuArrayGetDescriptor", 2000, (Proc)cuArrayGetDescriptor},
	{"cuArrayGetDescriptor", 3020, (Proc)cuArrayGetDescriptor_v2},
	{"cuArray3DGetDescriptor", 2000, (Proc)cuArray3DGetDescriptor},
	{"cuArray3DGetDescriptor", 3020, (Proc)cuArray3DGetDescriptor_v2},
	{"cuArrayDestroy", 2000, (Proc)cuArrayDestroy},
	{"cuMipmappedArrayCreate", 5000, (Proc)cuMipmappedArrayCreate},
	{"cuMipmappedArrayGetLevel", 5000, (Proc)cuMipmappedArrayGetLevel},
	{"cuMipmappedArrayDestroy", 5000, (Proc)cuMipmappedArrayDestroy},
	{"cuMemcpyHtoA", 2000, (Proc)cuMemcpyHtoA},
	{"cuMemcpyHtoA", 3020, (Proc)cuMemcpyHtoA_v2},
	{"cuMemcpyHtoAAsync", 2000, (Proc)cuMemcpyHtoAAsync},
	{"cuMemcpyHtoAAsync", 3020, (Proc)cuMemcpyHtoAAsync_v2},
	{"cuMemcpyAtoH", 2000, (Proc)cuMemcpyAtoH},
	{"cuMemcpyAtoH", 3020, (Proc)cuMemcpyAtoH_v2},
	{"cuMemcpyAtoHAsync", 2000, (Proc)cuMemcpyAtoHAsync},
	{"cuMemcpyAtoHAsync", 3020, (Proc)cuMemcpyAtoHAsync_v2},
	{"cuMemcpyAtoD", 2000, (Proc)cuMemcpyAtoD},
	{"cuMemcpyAtoD", 3020, (Proc)cuMemcpyAtoD_v2},
	{"cuMemcpyDtoA", 2000, (Proc)cuMemcpyDtoA},
	{"cuMemcpyDtoA", 3020, (Proc)cuMemcpyDtoA_v2},
	{"cuMemcpyAtoA", 2000, (Proc)cuMemcpyAtoA},
	{"cuMemcpyAtoA", 3020, (Proc)cuMemcpyAtoA_v2},
	{"cuTexObjectCreate", 5000, (Proc)cuTexObjectCreate},
	{"cuTexObjectDestroy", 5000, (Proc)cuTexObjectDestroy},
	{"cuTexObjectGetResourceDesc", 5000, (Proc)cuTexObjectGetResourceDesc},
	{"cuTexObjectGetTextureDesc", 5000, (Proc)cuTexObjectGetTextureDesc},
	{"cuTexObjectGetResourceViewDesc", 5000, (Proc)cuTexObjectGetResourceViewDesc},
	{"cuSurfObjectCreate", 5000, (Proc)cuSurfObjectCreate},
	{"cuSurfObjectDestroy", 5000, (Proc)cuSurfObjectDestroy},
	{"cuSurfObjectGetResourceDesc", 5000, (Proc)cuSurfObjectGetResourceDesc},
	{"cuStreamGetAttribute", 11000, (Proc)cuStreamGetAttribute},
	{"cuStreamSetAttribute", 11000, (Proc)cuStreamSetAttribute},
	{"cuStreamCopyAttributes", 11000, (Proc)cuStreamCopyAttributes},
	{"cuCtxResetPersistingL2Cache", 11000, (Proc)cuCtxResetPersistingL2Cache},
	{"cuStreamWaitValue32", 8000, (Proc)cuStreamWaitValue32},
	{"cuStreamWaitValue32", 11070, (Proc)cuStreamWaitValue32_v2},
	{"cuStreamWaitValue64", 9000, (Proc)cuStreamWaitValue64},
	{"cuStreamWaitValue64", 11070, (Proc)cuStreamWaitValue64_v2},
	{"cuStreamWriteValue32", 8000, (Proc)cuStreamWriteValue32},
	{"cuStreamWriteValue32", 11070, (Proc)cuStreamWriteValue32_v2},
	{"cuStreamWriteValue64", 9000, (Proc)cuStreamWriteValue64},
	{"cuStreamWriteValue64", 11070, (Proc)cuStreamWriteValue64_v2},
	{"cuStreamBatchMemOp", 8000, (Proc)cuStreamBatchMemOp},
	{"cuStreamBatchMemOp", 11070, (Proc)cuStreamBatchMemOp_v2},
	{"cuOccupancyMaxActiveClusters", 11070, (Proc)cuOccupancyMaxActiveClusters},
	{"cuOccupancyMaxPotentialClusterSize", 11070, (Proc)cuOccupancyMaxPotentialClusterSize},
	{"cuFuncSetSharedMemConfig", 4020, (Proc)cuFuncSetSharedMemConfig},
	{"cuCtxGetSharedMemConfig", 4020, (Proc)cuCtxGetSharedMemConfig},
	{"cuCtxSetSharedMemConfig", 4020, (Proc)cuCtxSetSharedMemConfig},
	{"cuDeviceGetTexture1DLinearMaxWidth", 11010, (Proc)cuDeviceGetTexture1DLinearMaxWidth},
	{"cuProfilerInitialize", 4000, (Proc)cuProfilerInitialize},
	{"cuFlushGPUDirectRDMAWrites", 11030, (Proc)cuFlushGPUDirectRDMAWrites},
	{"cuGraphKernelNodeGetAttribute", 11000, (Proc)cuGraphKernelNodeGetAttribute},
	{"cuGraphKernelNodeSetAttribute", 11000, (Proc)cuGraphKernelNodeSetAttribute},
	{"cuGraphKernelNodeCopyAttributes", 11000, (Proc)cuGraphKernelNodeCopyAttributes},
	{"cuGraphAddEventRecordNode", 11010, (Proc)cuGraphAddEventRecordNode},
	{"cuGraphEventRecordNodeGetEvent", 11010, (Proc)cuGraphEventRecordNodeGetEvent},
	{"cuGraphEventRecordNodeSetEvent", 11010, (Proc)cuGraphEventRecordNodeSetEvent},
	{"cuGraphExecEventRecordNodeSetEvent", 11010, (Proc)cuGraphExecEventRecordNodeSetEvent},
	{"cuGraphAddEventWaitNode", 11010, (Proc)cuGraphAddEventWaitNode},
	{"cuGraphEventWaitNodeGetEvent", 11010, (Proc)cuGraphEventWaitNodeGetEvent},
	{"cuGraphEventWaitNodeSetEvent", 11010, (Proc)cuGraphEventWaitNodeSetEvent},
	{"cuGraphExecEventWaitNodeSetEvent", 11010, (Proc)cuGraphExecEventWaitNodeSetEvent},
	{"cuGraphAddChildGraphNode", 10000, (Proc)cuGraphAddChildGraphNode},
	{"cuGraphChildGraphNodeGetGraph", 10000, (Proc)cuGraphChildGraphNodeGetGraph},
	{"cuGraphExecChildGraphNodeSetParams", 11010, (Proc)cuGraphExecChildGraphNodeSetParams},
	{"cuGraphHostNodeGetParams", 10000, (Proc)cuGraphHostNodeGetParams},
	{"cuGraphHostNodeSetParams", 10000, (Proc)cuGraphHostNodeSetParams},
	{"cuGraphExecHostNodeSetParams", 10020, (Proc)cuGraphExecHostNodeSetParams},
	{"cuGraphMemcpyNodeGetParams", 10000, (Proc)cuGraphMemcpyNodeGetParams},
	{"cuGraphMemcpyNodeSetParams", 10000, (Proc)cuGraphMemcpyNodeSetParams},
	{"cuGraphMemsetNodeGetParams", 10000, (Proc)cuGraphMemsetNodeGetParams},
	{"cuGraphMemsetNodeSetParams", 10000, (Proc)cuGraphMemsetNodeSetParams},
	{"cuGraphNodeSetEnabled", 11060, (Proc)cuGraphNodeSetEnabled},
	{"cuGraphNodeGetEnabled", 11060, (Proc)cuGraphNodeGetEnabled},
	{"cuGraphNodeFindInClone", 10000, (Proc)cuGraphNodeFindInClone},
	{"cuGraphAddMemAllocNode", 11040, (Proc)cuGraphAddMemAllocNode},
	{"cuGraphAddMemFreeNode", 11040, (Proc)cuGraphAddMemFreeNode},
	{"cuGraphMemAllocNodeGetParams", 11040, (Proc)cuGraphMemAllocNodeGetParams},
	{"cuGraphMemFreeNodeGetParams", 11040, (Proc)cuGraphMemFreeNodeGetParams},
	{"cuDeviceGetGraphMemAttribute", 11040, (Proc)cuDeviceGetGraphMemAttribute},
	{"cuDeviceSetGraphMemAttribute", 11040, (Proc)cuDeviceSetGraphMemAttribute},
	{"cuDeviceGraphMemTrim", 11040, (Proc)cuDeviceGraphMemTrim},
	{"cuGraphAddNode", 12020, (Proc)cuGraphAddNode},
	{"cuGraphAddNode", 12030, (Proc)cuGraphAddNode_v2},
	{"cuGraphConditionalHandleCreate", 12030, (Proc)cuGraphConditionalHandleCreate},
	{"cuGraphNodeSetParams", 12020, (Proc)cuGraphNodeSetParams},
	{"cuGraphExecNodeSetParams", 12020, (Proc)cuGraphExecNodeSetParams},
	{"cuGraphDebugDotPrint", 11030, (Proc)cuGraphDebugDotPrint},
	{"cuMemRangeGetAttribute", 8000, (Proc)cuMemRangeGetAttribute},
	{"cuMemRangeGetAttributes", 8000, (Proc)cuMemRangeGetAttributes},
	{"cuMemPrefetchBatchAsync", 13000, (Proc)cuMemPrefetchBatchAsync},
	{"cuMemDiscardBatchAsync", 13000, (Proc)cuMemDiscardBatchAsync},
	{"cuMemDiscardAndPrefetchBatchAsync", 13000, (Proc)cuMemDiscardAndPrefetchBatchAsync},
	{"cuMemcpyBatchAsync", 12080, (Proc)cuMemcpyBatchAsync},
	{"cuMemcpyBatchAsync", 13000, (Proc)cuMemcpyBatchAsync_v2},
	{"cuMemcpy3DBatchAsync", 12080, (Proc)cuMemcpy3DBatchAsync},
	{"cuMemcpy3DBatchAsync", 13000, (Proc)cuMemcpy3DBatchAsync_v2},	{"cuDeviceGetLuid", 10000, (Proc)cuDeviceGetLuid},
	{"cuDeviceGetExecAffinitySupport", 11040, (Proc)cuDeviceGetExecAffinitySupport},
	{"cuCtxGetExecAffinity", 11040, (Proc)cuCtxGetExecAffinity},
	{"cuDeviceGetHostAtomicCapabilities", 13000, (Proc)cuDeviceGetHostAtomicCapabilities},
	{"cuDeviceGetP2PAtomicCapabilities", 13000, (Proc)cuDeviceGetP2PAtomicCapabilities},
	{"cuMemGetHandleForAddressRange", 11070, (Proc)cuMemGetHandleForAddressRange},
	{"cuMulticastGetGranularity", 12010, (Proc)cuMulticastGetGranularity},
	{"cuMulticastCreate", 12010, (Proc)cuMulticastCreate},
	{"cuMulticastAddDevice", 12010, (Proc)cuMulticastAddDevice},
	{"cuMulticastBindMem", 12010, (Proc)cuMulticastBindMem},
	{"cuMulticastBindAddr", 12010, (Proc)cuMulticastBindAddr},
	{"cuMulticastUnbind", 12010, (Proc)cuMulticastUnbind},
	{"cuDeviceGetDevResource", 12040, (Proc)cuDeviceGetDevResource},
	{"cuGraphAddBatchMemOpNode", 11070, (Proc)cuGraphAddBatchMemOpNode},
	{"cuGraphBatchMemOpNodeGetParams", 11070, (Proc)cuGraphBatchMemOpNodeGetParams},
	{"cuGraphBatchMemOpNodeSetParams", 11070, (Proc)cuGraphBatchMemOpNodeSetParams},
	{"cuGraphExecBatchMemOpNodeSetParams", 11070, (Proc)cuGraphExecBatchMemOpNodeSetParams},
	{"cuGraphAddExternalSemaphoresSignalNode", 11020, (Proc)cuGraphAddExternalSemaphoresSignalNode},
	{"cuGraphAddExternalSemaphoresWaitNode", 11020, (Proc)cuGraphAddExternalSemaphoresWaitNode},
	{"cuGraphExecExternalSemaphoresSignalNodeSetParams", 11020, (Proc)cuGraphExecExternalSemaphoresSignalNodeSetParams},
	{"cuGraphExecExternalSemaphoresWaitNodeSetParams", 11020, (Proc)cuGraphExecExternalSemaphoresWaitNodeSetParams},
	{"cuGraphExternalSemaphoresSignalNodeGetParams", 11020, (Proc)cuGraphExternalSemaphoresSignalNodeGetParams},
	{"cuGraphExternalSemaphoresSignalNodeSetParams", 11020, (Proc)cuGraphExternalSemaphoresSignalNodeSetParams},
	{"cuGraphExternalSemaphoresWaitNodeGetParams", 11020, (Proc)cuGraphExternalSemaphoresWaitNodeGetParams},
	{"cuGraphExternalSemaphoresWaitNodeSetParams", 11020, (Proc)cuGraphExternalSemaphoresWaitNodeSetParams},
	{"cuLaunchCooperativeKernelMultiDevice", 9000, (Proc)cuLaunchCooperativeKernelMultiDevice},
	{"cuCtxFromGreenCtx", 12040, (Proc)cuCtxFromGreenCtx},
	{"cuCtxGetDevResource", 12040, (Proc)cuCtxGetDevResource},
	{"cuDevResourceGenerateDesc", 12040, (Proc)cuDevResourceGenerateDesc},
	{"cuDevSmResourceSplitByCount", 12040, (Proc)cuDevSmResourceSplitByCount},
	{"cuGreenCtxCreate", 12040, (Proc)cuGreenCtxCreate},
	{"cuGreenCtxDestroy", 12040, (Proc)cuGreenCtxDestroy},
	{"cuGreenCtxGetDevResource", 12040, (Proc)cuGreenCtxGetDevResource},
	{"cuGreenCtxGetId", 12090, (Proc)cuGreenCtxGetId},
	{"cuGreenCtxRecordEvent", 12040, (Proc)cuGreenCtxRecordEvent},
	{"cuGreenCtxStreamCreate", 12050, (Proc)cuGreenCtxStreamCreate},
	{"cuGreenCtxWaitEvent", 12040, (Proc)cuGreenCtxWaitEvent},
	{"cuStreamGetGreenCtx", 12040, (Proc)cuStreamGetGreenCtx},
	{"cuImportExternalMemory", 10000, (Proc)cuImportExternalMemory},
	{"cuImportExternalSemaphore", 10000, (Proc)cuImportExternalSemaphore},
	{"cuDestroyExternalMemory", 10000, (Proc)cuDestroyExternalMemory},
	{"cuDestroyExternalSemaphore", 10000, (Proc)cuDestroyExternalSemaphore},
	{"cuExternalMemoryGetMappedBuffer", 10000, (Proc)cuExternalMemoryGetMappedBuffer},
	{"cuExternalMemoryGetMappedMipmappedArray", 10000, (Proc)cuExternalMemoryGetMappedMipmappedArray},
	{"cuSignalExternalSemaphoresAsync", 10000, (Proc)cuSignalExternalSemaphoresAsync},
	{"cuWaitExternalSemaphoresAsync", 10000, (Proc)cuWaitExternalSemaphoresAsync},
	{"cuDeviceRegisterAsyncNotification", 12040, (Proc)cuDeviceRegisterAsyncNotification},
	{"cuDeviceUnregisterAsyncNotification", 12040, (Proc)cuDeviceUnregisterAsyncNotification},
	{"cuLogsRegisterCallback", 12080, (Proc)cuLogsRegisterCallback},
	{"cuLogsUnregisterCallback", 12080, (Proc)cuLogsUnregisterCallback},
	{"cuLogsCurrent", 12080, (Proc)cuLogsCurrent},
	{"cuLogsDumpToMemory", 12080, (Proc)cuLogsDumpToMemory},
	{"cuLogsDumpToFile", 12080, (Proc)cuLogsDumpToFile},
	{"cuCoredumpGetAttribute", 12010, (Proc)cuCoredumpGetAttribute},
	{"cuCoredumpGetAttributeGlobal", 12010, (Proc)cuCoredumpGetAttributeGlobal},
	{"cuCoredumpSetAttribute", 12010, (Proc)cuCoredumpSetAttribute},
	{"cuCoredumpSetAttributeGlobal", 12010, (Proc)cuCoredumpSetAttributeGlobal},
	{"cuCheckpointProcessGetState", 12080, (Proc)cuCheckpointProcessGetState},
	{"cuCheckpointProcessGetRestoreThreadId", 12080, (Proc)cuCheckpointProcessGetRestoreThreadId},
	{"cuCheckpointProcessLock", 12080, (Proc)cuCheckpointProcessLock},
	{"cuCheckpointProcessCheckpoint", 12080, (Proc)cuCheckpointProcessCheckpoint},
	{"cuCheckpointProcessRestore", 12080, (Proc)cuCheckpointProcessRestore},
	{"cuCheckpointProcessUnlock", 12080, (Proc)cuCheckpointProcessUnlock},
	{"cuArrayGetSparseProperties", 11010, (Proc)cuArrayGetSparseProperties},
	{"cuArrayGetMemoryRequirements", 11060, (Proc)cuArrayGetMemoryRequirements},
	{"cuMipmappedArrayGetSparseProperties", 11010, (Proc)cuMipmappedArrayGetSparseProperties},
	{"cuMipmappedArrayGetMemoryRequirements", 11060, (Proc)cuMipmappedArrayGetMemoryRequirements},
	{"cuArrayGetPlane", 11020, (Proc)cuArrayGetPlane},
};

/* The per-thread default stream variants, by the entry point they stand
 * for. */
#define PTSZ(name, params, args) CUresult name(); CUresult name##_ptsz();
#define PTDS(name, params, args) CUresult name(); CUresult name##_ptds();
#include "cuda/shim_ptds.def"
#undef PTSZ
#undef PTDS
CUresult cuLaunchKernelEx_ptsz();
CUresult cuGraphInstantiateWithParams_ptsz();

static const struct { Proc fn, pt; } perthread[] = {
#define PTSZ(name, params, args) {(Proc)name, (Proc)name##_ptsz},
#define PTDS(name, params, args) {(Proc)name, (Proc)name##_ptds},
#include "cuda/shim_ptds.def"
#undef PTSZ
#undef PTDS
	{(Proc)cuLaunchKernelEx, (Proc)cuLaunchKernelEx_ptsz},
	{(Proc)cuGraphInstantiateWithParams, (Proc)cuGraphInstantiateWithParams_ptsz},
};

/* CUdriverProcAddress_flags */
enum { PROC_LEGACY_STREAM = 1, PROC_PER_THREAD_DEFAULT_STREAM = 2 };

/* CUdriverProcAddressQueryResult */
enum { CU_GET_PROC_ADDRESS_SUCCESS, CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND,
       CU_GET_PROC_ADDRESS_VERSION_NOT_SUFFICIENT };

CUresult
cuGetProcAddress_v2(const char *symbol, void **pfn, int version, cuuint64_t flags, int *status)
{
	int best = -1, found = 0;
	Proc fn;

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
	if (best < 0) {
		if (shim_tracing())
			fprintf(stderr, "libptxcuda: cuGetProcAddress: no %s for CUDA %d\n", symbol, version);
		return CUDA_ERROR_NOT_FOUND;
	}
	/* the default (0) is the legacy stream's, as is asking for both */
	fn = procs[best].fn;
	if ((flags & (PROC_LEGACY_STREAM | PROC_PER_THREAD_DEFAULT_STREAM)) == PROC_PER_THREAD_DEFAULT_STREAM)
		for (size_t i = 0; i < sizeof perthread / sizeof perthread[0]; i++)
			if (perthread[i].fn == fn)
				fn = perthread[i].pt;
	/* POSIX guarantees function and object pointers convert (dlsym relies on it). */
	memcpy(pfn, &fn, sizeof *pfn);
	return CUDA_SUCCESS;
}

CUresult
cuGetProcAddress(const char *symbol, void **pfn, int version, cuuint64_t flags)
{
	return cuGetProcAddress_v2(symbol, pfn, version, flags, NULL);
}
