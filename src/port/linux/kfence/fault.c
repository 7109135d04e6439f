/*
 * This file contains the KFENCE preload's part of the fault handler
 * (fault/signal.c): none, KFENCE's own pages are handled there.
 */
#define _GNU_SOURCE
#include "../linux.h"
#include "../fault/fault.h"

/* no shadow to map, and faults outside the KFENCE pool are the program's
 * business alone */
int port_fault(int sig, siginfo_t *si, const ucontext_t *uc, int user)
{
	return FAULT_PROGRAM;
}
