/*
 * This file contains the kernel's data boundaries (drivers/devio.c):
 * bytes handed to the serial console for a caller and to a device port,
 * each checked for uninitialised bytes under KMSAN first.
 */
#ifndef KERNEL_DEVIO_H
#define KERNEL_DEVIO_H

#include "kernel.h"

void serial_write(const char *buf, size_t n);
void dev_write(const void *buf, size_t n);

#endif
