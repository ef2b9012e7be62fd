/*
 * Botan 2 backend through its C FFI (botan/ffi.h): the descriptor, the
 * version and the implementation label.
 */
#include <botan/ffi.h>
#include <pthread.h>
#include <stdio.h>

#include "backends/botan/botan_common.h"
#include "cryptobench/registry.h"

static pthread_once_t labels_once = PTHREAD_ONCE_INIT;
static char botan_impl[48]; /* "botan-" and the version */

static void make_labels(void)
{
	snprintf(botan_impl, sizeof(botan_impl), "botan-%u.%u.%u", (unsigned)botan_version_major(),
		 (unsigned)botan_version_minor(), (unsigned)botan_version_patch());
}

/* The run-time version ("2.19.3"). */
static const char *botan_version_fn(void)
{
	pthread_once(&labels_once, make_labels);
	return botan_impl + 6;
}

const char *cb_botan_implementation(void)
{
	pthread_once(&labels_once, make_labels);
	return botan_impl;
}

const char *cb_botan_unavailable(void)
{
	/* 20180713: the FFI version of Botan 2.8, the first with every call used here. */
	return botan_ffi_supports_api(20180713) == 0 ? NULL : "this Botan's FFI is older than 2.8";
}

static const cb_alg_info *const *const botan_classes[] = {cb_botan_sym_algs, cb_botan_pk_algs, NULL};

const cb_backend cb_backend_botan = {"botan", "botan", botan_version_fn, botan_classes};
