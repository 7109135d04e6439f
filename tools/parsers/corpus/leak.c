/* A leak: make_node's node is dropped. */
#include <stdlib.h>
#include <stdio.h>
struct node { struct node *next; char pad[24]; };
void *volatile sink;
__attribute__((noinline)) struct node *make_node(void) { return malloc(sizeof(struct node)); }
int main(void) { sink = make_node(); sink = 0; printf("done\n"); return 0; }
