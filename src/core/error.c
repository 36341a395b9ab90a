/* Errors: MPI error codes whose strings name the hmpi function and argument.
 *
 * Each distinct message gets one error code, created with MPI_Add_error_code
 * and cached, so repeated errors do not grow MPI's tables. MPI libraries that
 * accept new codes in predefined classes (Open MPI) get codes in MPI_ERR_ARG,
 * MPI_ERR_COMM, ...; for the others (MPICH garbles their strings), hmpi
 * registers one class of its own per predefined class it uses, and
 * HMPI_Error_class() maps back. */
#include "core/error.h"
#include "core/config.h"
#include "core/finalize.h"
#include "core/world.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_CACHED_CODES 1024
#define MAX_CLASS_MAP 64

struct cached_code {
    int mpi_class;
    int code;
    char *message;
    struct cached_code *next;
};

static pthread_mutex_t error_lock = PTHREAD_MUTEX_INITIALIZER;
static struct cached_code *cache_head;
static int cache_count;
static int own_classes = -1; /* -1 unknown, 0 predefined classes work, 1 own classes */
static int class_map_mpi[MAX_CLASS_MAP];
static int class_map_own[MAX_CLASS_MAP];
static int class_map_count;

/* Does MPI_Add_error_code accept a predefined class and keep its string? */
/* MPI 3.0 made the string const; SimGrid SMPI's prototype is not. */
static int add_error_string(int code, const char *text)
{
    return MPI_Add_error_string(code, (char *)text);
}

static int predefined_classes_work(void)
{
    static const char probe[] = "hmpi: error class probe";
    int code = -1, len;
    char text[MPI_MAX_ERROR_STRING];
    if (MPI_Add_error_code(MPI_ERR_OTHER, &code) != MPI_SUCCESS || code < 0)
        return 0; /* (SimGrid SMPI's stub succeeds without writing a code) */
    if (add_error_string(code, probe) != MPI_SUCCESS)
        return 0;
    if (MPI_Error_string(code, text, &len) != MPI_SUCCESS)
        return 0;
    return strcmp(text, probe) == 0;
}

/* The class new codes of mpi_class belong to (caller holds the lock). */
static int target_class(int mpi_class)
{
    if (own_classes < 0)
        own_classes = !predefined_classes_work();
    if (!own_classes)
        return mpi_class;
    for (int i = 0; i < class_map_count; i++)
        if (class_map_mpi[i] == mpi_class)
            return class_map_own[i];
    if (class_map_count == MAX_CLASS_MAP)
        return MPI_ERR_OTHER;
    int own = -1, len;
    char text[MPI_MAX_ERROR_STRING], name[MPI_MAX_ERROR_STRING + 16];
    if (MPI_Add_error_class(&own) != MPI_SUCCESS || own < 0)
        return mpi_class;
    MPI_Error_string(mpi_class, text, &len);
    snprintf(name, sizeof name, "hmpi: %s", text);
    add_error_string(own, name);
    class_map_mpi[class_map_count] = mpi_class;
    class_map_own[class_map_count] = own;
    class_map_count++;
    return own;
}

/* Code for (mpi_class, message), created on first use (caller holds the lock). */
static int code_for(int mpi_class, const char *message)
{
    for (struct cached_code *c = cache_head; c; c = c->next)
        if (c->mpi_class == mpi_class && strcmp(c->message, message) == 0)
            return c->code;
    if (cache_count >= MAX_CACHED_CODES)
        return mpi_class;
    int cls = target_class(mpi_class), code = -1;
    if (MPI_Add_error_code(cls, &code) != MPI_SUCCESS || code < 0 ||
        add_error_string(code, message) != MPI_SUCCESS)
        return mpi_class;
    struct cached_code *c = malloc(sizeof *c);
    char *copy = strdup(message);
    if (!c || !copy) {
        free(c);
        free(copy);
        return code;
    }
    c->mpi_class = mpi_class;
    c->code = code;
    c->message = copy;
    c->next = cache_head;
    cache_head = c;
    cache_count++;
    return code;
}

int hmpi__error_is_own(int code)
{
    int own = 0;
    pthread_mutex_lock(&error_lock);
    for (struct cached_code *c = cache_head; c && !own; c = c->next)
        own = c->code == code;
    pthread_mutex_unlock(&error_lock);
    return own;
}

static int make_code(int mpi_class, const char *fn, const char *fmt, va_list ap)
{
    char body[MPI_MAX_ERROR_STRING], message[MPI_MAX_ERROR_STRING];
    vsnprintf(body, sizeof body, fmt, ap);
    snprintf(message, sizeof message, "%s: %s", fn, body);
    hmpi__verbose("%s", message);
    if (!hmpi__mpi_usable())
        return mpi_class;
    hmpi__finalize_ensure();
    pthread_mutex_lock(&error_lock);
    int code = code_for(mpi_class, message);
    pthread_mutex_unlock(&error_lock);
    return code;
}

int hmpi__error_code(int mpi_class, const char *fn, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int code = make_code(mpi_class, fn, fmt, ap);
    va_end(ap);
    return code;
}

int hmpi__raise(MPI_Comm comm, int code)
{
    /* MPI not usable, or no communicator and no world (Sessions alone): no handler */
    if (code == MPI_SUCCESS || !hmpi__mpi_usable() ||
        (comm == MPI_COMM_NULL && !hmpi__world_model()))
        return code;
    MPI_Comm target = comm == MPI_COMM_NULL ? MPI_COMM_WORLD : comm;
    MPI_Errhandler handler = MPI_ERRHANDLER_NULL;
    /* MPI_ERRORS_RETURN does nothing: skip the call (SimGrid SMPI 3.32 crashes in it) */
    MPI_Comm_get_errhandler(target, &handler);
    int returns = handler == MPI_ERRORS_RETURN;
    if (handler != MPI_ERRHANDLER_NULL)
        MPI_Errhandler_free(&handler);
    if (!returns)
        MPI_Comm_call_errhandler(target, code);
    return code;
}

int hmpi__error(MPI_Comm comm, int mpi_class, const char *fn, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int code = make_code(mpi_class, fn, fmt, ap);
    va_end(ap);
    return hmpi__raise(comm, code);
}

int HMPI_Error_class(int errorcode, int *errorclass)
{
    if (!errorclass)
        return hmpi__error(MPI_COMM_NULL, MPI_ERR_ARG, "HMPI_Error_class",
                           "argument 'errorclass' is NULL");
    int cls;
    int rc = MPI_Error_class(errorcode, &cls);
    if (rc != MPI_SUCCESS)
        return hmpi__raise(MPI_COMM_NULL, rc);
    pthread_mutex_lock(&error_lock);
    for (int i = 0; i < class_map_count; i++)
        if (class_map_own[i] == cls)
            cls = class_map_mpi[i];
    pthread_mutex_unlock(&error_lock);
    *errorclass = cls;
    return MPI_SUCCESS;
}

int HMPI_Get_version(int *version)
{
    if (!version)
        return hmpi__error(MPI_COMM_NULL, MPI_ERR_ARG, "HMPI_Get_version",
                           "argument 'version' is NULL");
    *version = HMPI_VERSION;
    return MPI_SUCCESS;
}

int HMPI_Query_thread(int *provided)
{
    if (!provided)
        return hmpi__error(MPI_COMM_NULL, MPI_ERR_ARG, "HMPI_Query_thread",
                           "argument 'provided' is NULL");
    *provided = MPI_THREAD_MULTIPLE;
    return MPI_SUCCESS;
}

void hmpi__error_release(void)
{
    pthread_mutex_lock(&error_lock);
    while (cache_head) {
        struct cached_code *next = cache_head->next;
        free(cache_head->message);
        free(cache_head);
        cache_head = next;
    }
    cache_count = 0;
    own_classes = -1; /* (a library initialized again has new classes) */
    class_map_count = 0;
    pthread_mutex_unlock(&error_lock);
}

int hmpi__verbose_enabled(void)
{
    return hmpi__config_number(HMPI__CFG_VERBOSE);
}

/* The whole line in one write: stderr is unbuffered, and the ranks of a
 * job share it, so that a line written in parts interleaves with theirs. */
void hmpi__verbose(const char *fmt, ...)
{
    static const char prefix[] = "hmpi: ";
    char stack[1024], *line = stack;
    va_list ap;
    if (!hmpi__verbose_enabled())
        return;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    size_t size = sizeof prefix + (size_t)n + 1; /* the prefix's NUL makes room for the newline */
    if (size > sizeof stack && !(line = malloc(size)))
        return;
    memcpy(line, prefix, sizeof prefix - 1);
    va_start(ap, fmt);
    vsnprintf(line + sizeof prefix - 1, (size_t)n + 1, fmt, ap);
    va_end(ap);
    line[sizeof prefix - 1 + (size_t)n] = '\n';
    fwrite(line, 1, sizeof prefix + (size_t)n, stderr);
    if (line != stack)
        free(line);
}
