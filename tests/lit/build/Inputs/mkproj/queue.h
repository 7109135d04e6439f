struct queue;
struct queue *queue_new(int capacity);
void queue_push(struct queue *q, int v);
int queue_pop(struct queue *q);
void queue_free(struct queue *q);
