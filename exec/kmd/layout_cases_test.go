package kmd

// The table of the layout test: Go type -> C type, Go field -> C member.

func layoutCases() []*layoutCase {
	return []*layoutCase{
		// DRM core (libdrm drm.h).
		{name: "Version", goType: typeOf[Version](), cType: "struct drm_version", fields: map[string]string{
			"Major": "version_major", "Minor": "version_minor", "Patchlevel": "version_patchlevel",
			"NameLen": "name_len", "Name": "name", "DateLen": "date_len", "Date": "date",
			"DescLen": "desc_len", "Desc": "desc",
		}},
		{name: "GemClose", goType: typeOf[GemClose](), cType: "struct drm_gem_close", fields: map[string]string{
			"Handle": "handle", "_1": "pad",
		}},
		{name: "SyncobjCreate", goType: typeOf[SyncobjCreate](), cType: "struct drm_syncobj_create", fields: map[string]string{
			"Handle": "handle", "Flags": "flags",
		}},
		{name: "SyncobjDestroy", goType: typeOf[SyncobjDestroy](), cType: "struct drm_syncobj_destroy", fields: map[string]string{
			"Handle": "handle", "_1": "pad",
		}},
		{name: "SyncobjWait", goType: typeOf[SyncobjWait](), cType: "struct drm_syncobj_wait", fields: map[string]string{
			"Handles": "handles", "TimeoutNsec": "timeout_nsec", "CountHandles": "count_handles",
			"Flags": "flags", "FirstSignaled": "first_signaled", "_1": "pad",
		}},
		{name: "SyncobjTimelineWait", goType: typeOf[SyncobjTimelineWait](), cType: "struct drm_syncobj_timeline_wait", fields: map[string]string{
			"Handles": "handles", "Points": "points", "TimeoutNsec": "timeout_nsec", "CountHandles": "count_handles",
			"Flags": "flags", "FirstSignaled": "first_signaled", "_1": "pad",
		}},

		// amdgpu GEM.
		{name: "GemCreate", goType: typeOf[GemCreate](), cType: "union drm_amdgpu_gem_create"},
		{name: "GemCreate.In", goType: typeOf[GemCreateIn](), cType: "union drm_amdgpu_gem_create", cMember: "in",
			view: viewOf((*GemCreate).In), fields: prefixed("in.", map[string]string{
				"BOSize": "bo_size", "Alignment": "alignment", "Domains": "domains", "DomainFlags": "domain_flags",
			})},
		{name: "GemCreate.Out", goType: typeOf[GemCreateOut](), cType: "union drm_amdgpu_gem_create", cMember: "out",
			view: viewOf((*GemCreate).Out), fields: prefixed("out.", map[string]string{"Handle": "handle", "_1": "_pad"})},
		{name: "GemMmap", goType: typeOf[GemMmap](), cType: "union drm_amdgpu_gem_mmap"},
		{name: "GemMmap.In", goType: typeOf[GemMmapIn](), cType: "union drm_amdgpu_gem_mmap", cMember: "in",
			view: viewOf((*GemMmap).In), fields: prefixed("in.", map[string]string{"Handle": "handle", "_1": "_pad"})},
		{name: "GemMmap.Out", goType: typeOf[GemMmapOut](), cType: "union drm_amdgpu_gem_mmap", cMember: "out",
			view: viewOf((*GemMmap).Out), fields: map[string]string{"AddrPtr": "out.addr_ptr"}},
		{name: "GemVA", goType: typeOf[GemVA](), cType: "struct drm_amdgpu_gem_va", fields: gemVAFields("")},
		{name: "GemVATimeline", goType: typeOf[GemVATimeline](), cType: "struct drm_amdgpu_gem_va", fields: gemVAFields("GemVA."),
			upstream: &upstreamLayout{cite: citeAMDGPU, size: 64, fields: map[string]span{
				"VMTimelinePoint":          {40, 8},
				"VMTimelineSyncobjOut":     {48, 4},
				"NumSyncobjHandles":        {52, 4},
				"InputFenceSyncobjHandles": {56, 8},
			}}},

		// amdgpu command submission.
		{name: "Ctx", goType: typeOf[Ctx](), cType: "union drm_amdgpu_ctx"},
		{name: "Ctx.In", goType: typeOf[CtxIn](), cType: "union drm_amdgpu_ctx", cMember: "in",
			view: viewOf((*Ctx).In), fields: prefixed("in.", map[string]string{
				"Op": "op", "Flags": "flags", "CtxID": "ctx_id", "Priority": "priority",
			})},
		{name: "Ctx.AllocOut", goType: typeOf[CtxAllocOut](), cType: "union drm_amdgpu_ctx", cMember: "out.alloc",
			view: viewOf((*Ctx).AllocOut), fields: prefixed("out.alloc.", map[string]string{"CtxID": "ctx_id", "_1": "_pad"})},
		{name: "Ctx.StateOut", goType: typeOf[CtxStateOut](), cType: "union drm_amdgpu_ctx", cMember: "out.state",
			view: viewOf((*Ctx).StateOut), fields: prefixed("out.state.", map[string]string{
				"Flags": "flags", "Hangs": "hangs", "ResetStatus": "reset_status",
			})},
		{name: "Ctx.PstateOut", goType: typeOf[CtxPstateOut](), cType: "union drm_amdgpu_ctx", cMember: "out.pstate",
			view: viewOf((*Ctx).PstateOut), fields: prefixed("out.pstate.", map[string]string{"Flags": "flags", "_1": "_pad"})},
		{name: "BOList", goType: typeOf[BOList](), cType: "union drm_amdgpu_bo_list"},
		{name: "BOList.In", goType: typeOf[BOListIn](), cType: "union drm_amdgpu_bo_list", cMember: "in",
			view: viewOf((*BOList).In), fields: prefixed("in.", map[string]string{
				"Operation": "operation", "ListHandle": "list_handle", "BONumber": "bo_number",
				"BOInfoSize": "bo_info_size", "BOInfoPtr": "bo_info_ptr",
			})},
		{name: "BOList.Out", goType: typeOf[BOListOut](), cType: "union drm_amdgpu_bo_list", cMember: "out",
			view: viewOf((*BOList).Out), fields: prefixed("out.", map[string]string{"ListHandle": "list_handle", "_1": "_pad"})},
		{name: "BOListEntry", goType: typeOf[BOListEntry](), cType: "struct drm_amdgpu_bo_list_entry", fields: map[string]string{
			"BOHandle": "bo_handle", "BOPriority": "bo_priority",
		}},
		{name: "CS", goType: typeOf[CS](), cType: "union drm_amdgpu_cs"},
		{name: "CS.In", goType: typeOf[CSIn](), cType: "union drm_amdgpu_cs", cMember: "in",
			view: viewOf((*CS).In), fields: prefixed("in.", map[string]string{
				"CtxID": "ctx_id", "BOListHandle": "bo_list_handle", "NumChunks": "num_chunks",
				"Flags": "flags", "Chunks": "chunks",
			})},
		{name: "CS.Out", goType: typeOf[CSOut](), cType: "union drm_amdgpu_cs", cMember: "out",
			view: viewOf((*CS).Out), fields: map[string]string{"Handle": "out.handle"}},
		{name: "CSChunk", goType: typeOf[CSChunk](), cType: "struct drm_amdgpu_cs_chunk", fields: map[string]string{
			"ChunkID": "chunk_id", "LengthDW": "length_dw", "ChunkData": "chunk_data",
		}},
		{name: "CSChunkIB", goType: typeOf[CSChunkIB](), cType: "struct drm_amdgpu_cs_chunk_ib", fields: map[string]string{
			"_1": "_pad", "Flags": "flags", "VAStart": "va_start", "IBBytes": "ib_bytes",
			"IPType": "ip_type", "IPInstance": "ip_instance", "Ring": "ring",
		}},
		{name: "CSChunkFence", goType: typeOf[CSChunkFence](), cType: "struct drm_amdgpu_cs_chunk_fence", fields: map[string]string{
			"Handle": "handle", "Offset": "offset",
		}},
		{name: "CSChunkDep", goType: typeOf[CSChunkDep](), cType: "struct drm_amdgpu_cs_chunk_dep", fields: map[string]string{
			"IPType": "ip_type", "IPInstance": "ip_instance", "Ring": "ring", "CtxID": "ctx_id", "Handle": "handle",
		}},
		{name: "CSChunkSem", goType: typeOf[CSChunkSem](), cType: "struct drm_amdgpu_cs_chunk_sem", fields: map[string]string{
			"Handle": "handle",
		}},
		{name: "CSChunkSyncobj", goType: typeOf[CSChunkSyncobj](), cType: "struct drm_amdgpu_cs_chunk_syncobj", fields: map[string]string{
			"Handle": "handle", "Flags": "flags", "Point": "point",
		}},
		{name: "WaitCS", goType: typeOf[WaitCS](), cType: "union drm_amdgpu_wait_cs"},
		{name: "WaitCS.In", goType: typeOf[WaitCSIn](), cType: "union drm_amdgpu_wait_cs", cMember: "in",
			view: viewOf((*WaitCS).In), fields: prefixed("in.", map[string]string{
				"Handle": "handle", "Timeout": "timeout", "IPType": "ip_type",
				"IPInstance": "ip_instance", "Ring": "ring", "CtxID": "ctx_id",
			})},
		{name: "WaitCS.Out", goType: typeOf[WaitCSOut](), cType: "union drm_amdgpu_wait_cs", cMember: "out",
			view: viewOf((*WaitCS).Out), fields: map[string]string{"Status": "out.status"}},

		// amdgpu INFO.
		{name: "Info", goType: typeOf[Info](), cType: "struct drm_amdgpu_info", fields: map[string]string{
			"ReturnPointer": "return_pointer", "ReturnSize": "return_size", "Query": "query",
		}},
		{name: "Info.HWIP", goType: typeOf[InfoHWIPArgs](), cType: "struct drm_amdgpu_info", cMember: "query_hw_ip",
			view: viewOf((*Info).HWIP), fields: prefixed("query_hw_ip.", map[string]string{
				"Type": "type", "IPInstance": "ip_instance",
			})},
		{name: "Info.FW", goType: typeOf[InfoFWArgs](), cType: "struct drm_amdgpu_info", cMember: "query_fw",
			view: viewOf((*Info).FW), fields: prefixed("query_fw.", map[string]string{
				"FWType": "fw_type", "IPInstance": "ip_instance", "Index": "index", "_1": "_pad",
			})},
		{name: "HWIPInfo", goType: typeOf[HWIPInfo](), cType: "struct drm_amdgpu_info_hw_ip", fields: map[string]string{
			"HWIPVersionMajor": "hw_ip_version_major", "HWIPVersionMinor": "hw_ip_version_minor",
			"CapabilitiesFlags": "capabilities_flags", "IBStartAlignment": "ib_start_alignment",
			"IBSizeAlignment": "ib_size_alignment", "AvailableRings": "available_rings",
			"IPDiscoveryVersion": "_pad", // renamed ip_discovery_version upstream
		}, upstream: &upstreamLayout{cite: citeAMDGPU, size: 40, fields: map[string]span{
			"UserqNumSlots": {32, 4},
		}}},
		{name: "DeviceInfo", goType: typeOf[DeviceInfo](), cType: "struct drm_amdgpu_info_device", fields: deviceInfoFields(),
			upstream: &upstreamLayout{cite: citeAMDGPU, size: 448, fields: map[string]span{
				"MinEngineClock":       {368, 8},
				"MinMemoryClock":       {376, 8},
				"TCPCacheSize":         {384, 4},
				"NumSQCPerWGP":         {388, 4},
				"SQCDataCacheSize":     {392, 4},
				"SQCInstCacheSize":     {396, 4},
				"GL1CCacheSize":        {400, 4},
				"GL2CCacheSize":        {404, 4},
				"MALLSize":             {408, 8},
				"EnabledRBPipesMaskHi": {416, 4},
				"ShadowSize":           {420, 4},
				"ShadowAlignment":      {424, 4},
				"CSASize":              {428, 4},
				"CSAAlignment":         {432, 4},
				"UserqIPMask":          {436, 4},
				"_2":                   {440, 4}, // pad
			}}},
		{name: "FirmwareInfo", goType: typeOf[FirmwareInfo](), cType: "struct drm_amdgpu_info_firmware", fields: map[string]string{
			"Ver": "ver", "Feature": "feature",
		}},
		{name: "VRAMGTTInfo", goType: typeOf[VRAMGTTInfo](), cType: "struct drm_amdgpu_info_vram_gtt", fields: map[string]string{
			"VRAMSize": "vram_size", "VRAMCPUAccessibleSize": "vram_cpu_accessible_size", "GTTSize": "gtt_size",
		}},
		{name: "HeapInfo", goType: typeOf[HeapInfo](), cType: "struct drm_amdgpu_heap_info", fields: heapFields("", "")},
		{name: "MemoryInfo", goType: typeOf[MemoryInfo](), cType: "struct drm_amdgpu_memory_info", fields: merge(
			heapFields("VRAM.", "vram."), heapFields("CPUAccessibleVRAM.", "cpu_accessible_vram."), heapFields("GTT.", "gtt."),
		)},
		{name: "UQMetadata", goType: typeOf[UQMetadata](), upstream: &upstreamLayout{cite: citeAMDGPU, size: 16}},
		{name: "UQMetadata.GFX", goType: typeOf[UQMetadataGFX](), view: viewOf((*UQMetadata).GFX),
			upstream: &upstreamLayout{cite: citeAMDGPU, size: 16, fields: map[string]span{
				"ShadowSize": {0, 4}, "ShadowAlignment": {4, 4}, "CSASize": {8, 4}, "CSAAlignment": {12, 4},
			}}},
		{name: "UQMetadata.Compute", goType: typeOf[UQMetadataCompute](), view: viewOf((*UQMetadata).Compute),
			upstream: &upstreamLayout{cite: citeAMDGPU, size: 8, fields: map[string]span{
				"EOPSize": {0, 4}, "EOPAlignment": {4, 4},
			}}},
		{name: "UQMetadata.SDMA", goType: typeOf[UQMetadataSDMA](), view: viewOf((*UQMetadata).SDMA),
			upstream: &upstreamLayout{cite: citeAMDGPU, size: 8, fields: map[string]span{
				"CSASize": {0, 4}, "CSAAlignment": {4, 4},
			}}},

		// amdgpu user queues: absent from Linux 6.1, pinned upstream.
		{name: "Userq", goType: typeOf[Userq](), upstream: &upstreamLayout{cite: citeAMDGPU, size: 72}},
		{name: "Userq.In", goType: typeOf[UserqIn](), view: viewOf((*Userq).In),
			upstream: &upstreamLayout{cite: citeAMDGPU, size: 72, fields: map[string]span{
				"Op": {0, 4}, "QueueID": {4, 4}, "IPType": {8, 4}, "DoorbellHandle": {12, 4},
				"DoorbellOffset": {16, 4}, "Flags": {20, 4}, "QueueVA": {24, 8}, "QueueSize": {32, 8},
				"RptrVA": {40, 8}, "WptrVA": {48, 8}, "MQD": {56, 8}, "MQDSize": {64, 8},
			}}},
		{name: "Userq.Out", goType: typeOf[UserqOut](), view: viewOf((*Userq).Out),
			upstream: &upstreamLayout{cite: citeAMDGPU, size: 8, fields: map[string]span{
				"QueueID": {0, 4}, "_1": {4, 4},
			}}},
		{name: "UserqMQDComputeGFX11", goType: typeOf[UserqMQDComputeGFX11](),
			upstream: &upstreamLayout{cite: citeAMDGPU, size: 8, fields: map[string]span{"EOPVA": {0, 8}}}},

		// amdkfd (linux-libc-dev kfd_ioctl.h).
		{name: "KFDGetVersionArgs", goType: typeOf[KFDGetVersionArgs](), cType: "struct kfd_ioctl_get_version_args", fields: map[string]string{
			"MajorVersion": "major_version", "MinorVersion": "minor_version",
		}},
		{name: "KFDCreateQueueArgs", goType: typeOf[KFDCreateQueueArgs](), cType: "struct kfd_ioctl_create_queue_args", fields: map[string]string{
			"RingBaseAddress": "ring_base_address", "WritePointerAddress": "write_pointer_address",
			"ReadPointerAddress": "read_pointer_address", "DoorbellOffset": "doorbell_offset",
			"RingSize": "ring_size", "GPUID": "gpu_id", "QueueType": "queue_type",
			"QueuePercentage": "queue_percentage", "QueuePriority": "queue_priority", "QueueID": "queue_id",
			"EOPBufferAddress": "eop_buffer_address", "EOPBufferSize": "eop_buffer_size",
			"CtxSaveRestoreAddress": "ctx_save_restore_address", "CtxSaveRestoreSize": "ctx_save_restore_size",
			"CtlStackSize": "ctl_stack_size",
		}},
		{name: "KFDDestroyQueueArgs", goType: typeOf[KFDDestroyQueueArgs](), cType: "struct kfd_ioctl_destroy_queue_args", fields: map[string]string{
			"QueueID": "queue_id", "_1": "pad",
		}},
		{name: "KFDProcessDeviceApertures", goType: typeOf[KFDProcessDeviceApertures](), cType: "struct kfd_process_device_apertures", fields: map[string]string{
			"LDSBase": "lds_base", "LDSLimit": "lds_limit", "ScratchBase": "scratch_base", "ScratchLimit": "scratch_limit",
			"GPUVMBase": "gpuvm_base", "GPUVMLimit": "gpuvm_limit", "GPUID": "gpu_id", "_1": "pad",
		}},
		{name: "KFDGetProcessAperturesNewArgs", goType: typeOf[KFDGetProcessAperturesNewArgs](), cType: "struct kfd_ioctl_get_process_apertures_new_args", fields: map[string]string{
			"KFDProcessDeviceAperturesPtr": "kfd_process_device_apertures_ptr", "NumOfNodes": "num_of_nodes", "_1": "pad",
		}},
		{name: "KFDAcquireVMArgs", goType: typeOf[KFDAcquireVMArgs](), cType: "struct kfd_ioctl_acquire_vm_args", fields: map[string]string{
			"DRMFd": "drm_fd", "GPUID": "gpu_id",
		}},
		{name: "KFDAllocMemoryOfGPUArgs", goType: typeOf[KFDAllocMemoryOfGPUArgs](), cType: "struct kfd_ioctl_alloc_memory_of_gpu_args", fields: map[string]string{
			"VAAddr": "va_addr", "Size": "size", "Handle": "handle", "MmapOffset": "mmap_offset",
			"GPUID": "gpu_id", "Flags": "flags",
		}},
		{name: "KFDFreeMemoryOfGPUArgs", goType: typeOf[KFDFreeMemoryOfGPUArgs](), cType: "struct kfd_ioctl_free_memory_of_gpu_args", fields: map[string]string{
			"Handle": "handle",
		}},
		{name: "KFDMapMemoryArgs/map", goType: typeOf[KFDMapMemoryArgs](), cType: "struct kfd_ioctl_map_memory_to_gpu_args", fields: mapMemoryFields()},
		{name: "KFDMapMemoryArgs/unmap", goType: typeOf[KFDMapMemoryArgs](), cType: "struct kfd_ioctl_unmap_memory_from_gpu_args", fields: mapMemoryFields()},
		{name: "KFDCreateEventArgs", goType: typeOf[KFDCreateEventArgs](), cType: "struct kfd_ioctl_create_event_args", fields: map[string]string{
			"EventPageOffset": "event_page_offset", "EventTriggerData": "event_trigger_data", "EventType": "event_type",
			"AutoReset": "auto_reset", "NodeID": "node_id", "EventID": "event_id", "EventSlotIndex": "event_slot_index",
		}},
		{name: "KFDDestroyEventArgs", goType: typeOf[KFDDestroyEventArgs](), cType: "struct kfd_ioctl_destroy_event_args", fields: map[string]string{
			"EventID": "event_id", "_1": "pad",
		}},
		{name: "KFDWaitEventsArgs", goType: typeOf[KFDWaitEventsArgs](), cType: "struct kfd_ioctl_wait_events_args", fields: map[string]string{
			"EventsPtr": "events_ptr", "NumEvents": "num_events", "WaitForAll": "wait_for_all",
			"Timeout": "timeout", "WaitResult": "wait_result",
		}},
		{name: "KFDEventData", goType: typeOf[KFDEventData](), cType: "struct kfd_event_data", fields: map[string]string{
			"KFDEventDataExt": "kfd_event_data_ext", "EventID": "event_id", "_1": "pad",
		}},
		{name: "KFDEventData.MemoryException", goType: typeOf[KFDMemoryExceptionData](), cType: "struct kfd_event_data",
			cMember: "memory_exception_data", view: viewOf((*KFDEventData).MemoryException),
			fields: prefixed("memory_exception_data.", map[string]string{
				"NotPresent": "failure.NotPresent", "ReadOnly": "failure.ReadOnly", "NoExecute": "failure.NoExecute",
				"Imprecise": "failure.imprecise", "VA": "va", "GPUID": "gpu_id", "ErrorType": "ErrorType",
			})},
		{name: "KFDEventData.HWException", goType: typeOf[KFDHWExceptionData](), cType: "struct kfd_event_data",
			cMember: "hw_exception_data", view: viewOf((*KFDEventData).HWException),
			fields: prefixed("hw_exception_data.", map[string]string{
				"ResetType": "reset_type", "ResetCause": "reset_cause", "MemoryLost": "memory_lost", "GPUID": "gpu_id",
			})},
	}
}

func gemVAFields(prefix string) map[string]string {
	return map[string]string{
		prefix + "Handle": "handle", prefix + "_1": "_pad", prefix + "Operation": "operation",
		prefix + "Flags": "flags", prefix + "VAAddress": "va_address", prefix + "OffsetInBO": "offset_in_bo",
		prefix + "MapSize": "map_size",
	}
}

func heapFields(goPrefix, cPrefix string) map[string]string {
	return map[string]string{
		goPrefix + "TotalHeapSize":  cPrefix + "total_heap_size",
		goPrefix + "UsableHeapSize": cPrefix + "usable_heap_size",
		goPrefix + "HeapUsage":      cPrefix + "heap_usage",
		goPrefix + "MaxAllocation":  cPrefix + "max_allocation",
	}
}

func mapMemoryFields() map[string]string {
	return map[string]string{
		"Handle": "handle", "DeviceIDsArrayPtr": "device_ids_array_ptr",
		"NDevices": "n_devices", "NSuccess": "n_success",
	}
}

func merge(ms ...map[string]string) map[string]string {
	out := make(map[string]string)
	for _, m := range ms {
		for k, v := range m {
			out[k] = v
		}
	}
	return out
}

// deviceInfoFields maps DeviceInfo to the Linux 6.1 struct
// drm_amdgpu_info_device; the upstream tail is pinned in the case.
func deviceInfoFields() map[string]string {
	return map[string]string{
		"DeviceID": "device_id", "ChipRev": "chip_rev", "ExternalRev": "external_rev", "PCIRev": "pci_rev",
		"Family": "family", "NumShaderEngines": "num_shader_engines",
		"NumShaderArraysPerEngine": "num_shader_arrays_per_engine", "GPUCounterFreq": "gpu_counter_freq",
		"MaxEngineClock": "max_engine_clock", "MaxMemoryClock": "max_memory_clock",
		"CUActiveNumber": "cu_active_number", "CUAOMask": "cu_ao_mask", "CUBitmap": "cu_bitmap",
		"EnabledRBPipesMask": "enabled_rb_pipes_mask", "NumRBPipes": "num_rb_pipes",
		"NumHWGFXContexts": "num_hw_gfx_contexts",
		"PCIeGen":          "_pad", // renamed pcie_gen upstream
		"IDsFlags":         "ids_flags", "VirtualAddressOffset": "virtual_address_offset",
		"VirtualAddressMax": "virtual_address_max", "VirtualAddressAlignment": "virtual_address_alignment",
		"PTEFragmentSize": "pte_fragment_size", "GARTPageSize": "gart_page_size", "CERAMSize": "ce_ram_size",
		"VRAMType": "vram_type", "VRAMBitWidth": "vram_bit_width", "VCEHarvestConfig": "vce_harvest_config",
		"GCDoubleOffchipLDSBuf": "gc_double_offchip_lds_buf", "PrimBufGPUAddr": "prim_buf_gpu_addr",
		"PosBufGPUAddr": "pos_buf_gpu_addr", "CntlSBBufGPUAddr": "cntl_sb_buf_gpu_addr",
		"ParamBufGPUAddr": "param_buf_gpu_addr", "PrimBufSize": "prim_buf_size", "PosBufSize": "pos_buf_size",
		"CntlSBBufSize": "cntl_sb_buf_size", "ParamBufSize": "param_buf_size", "WaveFrontSize": "wave_front_size",
		"NumShaderVisibleVGPRs": "num_shader_visible_vgprs", "NumCUPerSH": "num_cu_per_sh",
		"NumTCCBlocks": "num_tcc_blocks", "GSVGTTableDepth": "gs_vgt_table_depth",
		"GSPrimBufferDepth": "gs_prim_buffer_depth", "MaxGSWavesPerVGT": "max_gs_waves_per_vgt",
		"PCIeNumLanes": "_pad1", // renamed pcie_num_lanes upstream
		"CUAOBitmap":   "cu_ao_bitmap", "HighVAOffset": "high_va_offset", "HighVAMax": "high_va_max",
		"PASCTileSteeringOverride": "pa_sc_tile_steering_override", "TCCDisabledMask": "tcc_disabled_mask",
	}
}
