/* Which device a guided split names, and where it hangs from (locality.h:
 * hmpi__device_element): `gpu` and `nic` group the processes whose nearest
 * devices of that class are the same (the deepest object around them that
 * holds one); a named device, the processes near it (inside the object it
 * hangs from), the others get MPI_COMM_NULL; `nvlink`, the processes whose
 * nearest GPUs are of one NVLink island (the deepest object that holds the
 * island), MPI_COMM_NULL where they have no NVLink. The names are MPICH's
 * (`gpu`, `gpu<N>`, `pci:<busid>`, an OS device's name such as `ib0`,
 * `hfi1_0`, `eth0`, or its letters alone, `ib`, `eth`: any such device),
 * Open MPI's (`nvlink`) and hmpi's (`nic`, `nic<N>`). */
#include "locality/locality.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Does the comma-separated list hold `name` (whole: exact; else as a
 * prefix of one of its names), case aside? */
static int names_hold(const char *list, const char *name, int whole)
{
    size_t len = strlen(name);
    for (const char *p = list; *p;) {
        size_t n = strcspn(p, ",");
        if (whole ? n == len && strncasecmp(p, name, len) == 0
                  : n > len && strncasecmp(p, name, len) == 0)
            return 1;
        p += n + (p[n] == ',');
    }
    return 0;
}

/* "0000:3b:00.0" or "3b:00.0" (bus, device and function at least) against
 * a device's full bus id. */
static int same_busid(const char *busid, const char *want)
{
    size_t n = strlen(busid), m = strlen(want);
    return busid[0] && m >= strlen("3b:00.0") && m <= n && strcasecmp(busid + n - m, want) == 0 &&
           (m == n || busid[n - m - 1] == ':');
}

static int all_letters(const char *s)
{
    if (!*s)
        return 0;
    for (; *s; s++)
        if (!isalpha((unsigned char)*s))
            return 0;
    return 1;
}

/* A class name with a number or none: `gpu`, `gpu3`; *number -1 for none. */
static int class_of(const char *name, int *number)
{
    static const struct {
        const char *prefix;
        int cls;
    } classes[] = {{"gpu", HMPI__DEVICE_GPU}, {"nic", HMPI__DEVICE_NIC}};
    for (size_t i = 0; i < sizeof classes / sizeof *classes; i++) {
        size_t n = strlen(classes[i].prefix);
        if (strncasecmp(name, classes[i].prefix, n) != 0)
            continue;
        const char *rest = name + n;
        char *end;
        *number = -1;
        if (!*rest)
            return classes[i].cls;
        long v = strtol(rest, &end, 10);
        if (!isdigit((unsigned char)*rest) || *end || v > 1 << 20)
            return 0;
        *number = (int)v;
        return classes[i].cls;
    }
    return 0;
}

/* The element that holds the NVLink islands of this process's nearest GPUs
 * (-1: none, or they have no NVLink). */
static int nvlink_element(const hmpi__devices *devices)
{
    int nearest = -1, element = -1;
    for (int i = 0; i < devices->n; i++)
        if ((devices->dev[i].classes & HMPI__DEVICE_GPU) && devices->dev[i].reach > nearest)
            nearest = devices->dev[i].reach;
    for (int i = 0; i < devices->n; i++) {
        const hmpi__device *d = &devices->dev[i];
        if (!(d->classes & HMPI__DEVICE_GPU) || d->reach != nearest || d->island < 0)
            continue;
        for (int j = 0; j < devices->n; j++) /* the island's shallowest reach holds it all */
            if (devices->dev[j].island == d->island &&
                (element < 0 || devices->dev[j].reach < element))
                element = devices->dev[j].reach;
    }
    return element;
}

int hmpi__device_element(const hmpi__devices *devices, const char *name)
{
    int number = -1, cls = name ? class_of(name, &number) : 0, best = -1;
    if (!name || !*name)
        return -2;
    if (strcasecmp(name, "nvlink") == 0)
        return nvlink_element(devices);
    for (int i = 0; i < devices->n; i++) {
        const hmpi__device *d = &devices->dev[i];
        int match;
        if (cls) /* `gpu`: the nearest one; `gpu2`: the one of that name */
            match = number < 0 ? (d->classes & cls) != 0
                               : (d->classes & -d->classes) == cls && d->index == number;
        else if (strncasecmp(name, "pci:", 4) == 0)
            match = same_busid(d->busid, name + 4);
        else
            match = names_hold(d->names, name, 1) ||
                    (all_letters(name) && names_hold(d->names, name, 0));
        int at = cls && number < 0 ? d->reach : d->anchor; /* the nearest, or near it */
        if (match && at > best)
            best = at;
    }
    return best;
}
