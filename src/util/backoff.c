/* Waiting on the node (see backoff.h). */
#include "util/backoff.h"

int hmpi__backoff_spins = HMPI__BACKOFF_SPINS;
