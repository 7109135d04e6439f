/* A data race: two threads run worker, which calls account on one global. */
#include <pthread.h>
#include <stdio.h>
long balance; int go;
__attribute__((noinline)) void account(long i) { balance += i; }
__attribute__((noinline)) void *worker(void *a) { while (!__atomic_load_n(&go, 0)) ; for (long i = 0; i < 2000000; i++) account(i); return 0; }
int main(void) { pthread_t t1, t2; pthread_create(&t1, 0, worker, 0); pthread_create(&t2, 0, worker, 0); __atomic_store_n(&go, 1, 0); pthread_join(t1, 0); pthread_join(t2, 0); printf("%ld\n", balance); return 0; }
