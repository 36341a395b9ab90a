/*
 * hmpi — hardware-topology-aware communicators and collectives for MPI.
 *
 * This is the only installed header of hmpi. It declares the public API fixed
 * by the project's API contract (API.md): hierarchical communicators that
 * follow the machine (network switches, nodes, packages, NUMA nodes, caches,
 * cores), level queries, and hierarchy objects with conduit communicators.
 *
 * Every function returns MPI_SUCCESS or an MPI error code, after calling the
 * error handler of its communicator argument (MPI_COMM_WORLD when there is
 * none; under MPI 4.0's Sessions alone, none: the code is returned), exactly
 * as MPI functions do. There is no initialisation call: hmpi initialises
 * itself on first use and releases everything at MPI_Finalize (under
 * Sessions alone, with libhmpi_mpi4, as the last session ends).
 */
#ifndef HMPI_H
#define HMPI_H

#include <mpi.h>

#if defined(__GNUC__) || defined(__clang__)
#define HMPI_API __attribute__((visibility("default")))
#else
#define HMPI_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/** \name Version of this header (the one place it is defined; CMake reads it)
 * @{ */
#define HMPI_VERSION_MAJOR 0 /**< incompatible API changes */
#define HMPI_VERSION_MINOR 2 /**< additions */
#define HMPI_VERSION_PATCH 0 /**< fixes */
/** MAJOR * 10000 + MINOR * 100 + PATCH, as returned by HMPI_Get_version(). */
#define HMPI_VERSION (HMPI_VERSION_MAJOR * 10000 + HMPI_VERSION_MINOR * 100 + HMPI_VERSION_PATCH)
/** \cond */
#define HMPI_STR_(x) #x
#define HMPI_STR(x) HMPI_STR_(x)
/** \endcond */
/** "MAJOR.MINOR.PATCH" */
#define HMPI_VERSION_STRING                                                                        \
    HMPI_STR(HMPI_VERSION_MAJOR) "." HMPI_STR(HMPI_VERSION_MINOR) "." HMPI_STR(HMPI_VERSION_PATCH)
/** @} */

/**
 * \defgroup hmpi_util Errors and library information
 * \brief Error classes, version and helpers shared by every module.
 *
 * Errors follow MPI: each hmpi function calls the error handler of its
 * communicator, and `MPI_Error_string` on a returned code gives a sentence
 * that names the hmpi function and the offending argument.
 * @{
 */

/**
 * \brief Map any error code returned by hmpi to the closest predefined MPI
 * error class (`MPI_ERR_ARG`, `MPI_ERR_COMM`, ...).
 *
 * With MPI libraries that accept new codes in predefined classes (Open MPI),
 * this equals `MPI_Error_class`. With the others (MPICH), hmpi registers its
 * own classes with `MPI_Add_error_class`, and this function translates them
 * back. Local.
 *
 * \param[in] errorcode a code returned by an hmpi or MPI function
 * \param[out] errorclass the predefined MPI error class
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 */
HMPI_API int HMPI_Error_class(int errorcode, int *errorclass);

/**
 * \brief Version of the library at run time (see `HMPI_VERSION`). Local.
 *
 * \param[out] version `HMPI_VERSION` of the library the program runs with
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 */
HMPI_API int HMPI_Get_version(int *version);

/**
 * \brief The highest MPI thread level hmpi supports: `MPI_THREAD_MULTIPLE`.
 *
 * Every hmpi function may be called from several threads at once as long as
 * the MPI library was initialised with `MPI_THREAD_MULTIPLE` and, as MPI
 * requires for collectives, concurrent collective calls use different
 * communicators. Local.
 *
 * \param[out] provided the thread level (`MPI_THREAD_MULTIPLE`)
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 */
HMPI_API int HMPI_Query_thread(int *provided);

/** \brief One setting of hmpi: an environment variable and/or an info key. */
typedef struct HMPI_Config_var {
    const char *env;           /**< environment variable, or NULL */
    const char *info_key;      /**< info key of the calls that take one, or NULL */
    const char *type;          /**< "bool", "int", "enum", "string" or "levels" */
    const char *allowed;       /**< what values it accepts */
    const char *default_value; /**< its value when nothing sets it */
    const char *value;         /**< its value now (environment, else default) */
    const char *source;        /**< "environment" or "default" */
    const char *doc;           /**< one line of documentation */
    int valid;                 /**< 0 when the current value would be rejected */
} HMPI_Config_var;

/**
 * \brief Number of settings hmpi reads (see HMPI_Config_get()). Local; may be
 * called before `MPI_Init`.
 *
 * \param[out] count the number of settings
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 */
HMPI_API int HMPI_Config_count(int *count);

/**
 * \brief Describe setting \p index (0 .. count-1), like `ompi_info`: names,
 * type, allowed values, default, current value and documentation.
 *
 * Precedence, for every setting: the info key of the call, else the
 * environment variable, else the default. A bad value is reported (class
 * `MPI_ERR_INFO_VALUE`) by the call that uses it. The strings stay valid
 * until the next call of this function by the same thread. Local; may be
 * called before `MPI_Init`.
 *
 * \param[in] index which setting
 * \param[out] var its description
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 */
HMPI_API int HMPI_Config_get(int index, HMPI_Config_var *var);

/** @} */

/**
 * \defgroup hmpi_hierarchy Hierarchical communicators
 * \brief Communicators that follow the hardware hierarchy (Goglin et al.
 * 2018; MPI 4.0 `MPI_COMM_TYPE_HW_GUIDED` / `HW_UNGUIDED`).
 *
 * Locality comes from the real machine (hwloc, `MPI_COMM_TYPE_SHARED`, Slurm
 * network information) or, when the environment variable `HMPI_TOPOLOGY`
 * names a virtual cluster file, from that file. Splits are scalable: per
 * split, a constant number of collectives of O(depth) integers plus one
 * `MPI_Comm_split`.
 * @{
 */

/** Split type walking the hardware hierarchy one level at a time. */
#define HMPI_COMM_TYPE_HW_UNGUIDED 0x484d0001
/** Split type at the level named by the info key `mpi_hw_resource_type`. */
#define HMPI_COMM_TYPE_HW_GUIDED 0x484d0002
/** MPI 4.1's split type guided by the info key `mpi_hw_resource_type` (as
 * #HMPI_COMM_TYPE_HW_GUIDED) or `mpi_pset_name` (`mpi://WORLD`, `mpi://SELF`). */
#define HMPI_COMM_TYPE_RESOURCE_GUIDED 0x484d0003
/** Buffer size for level names, terminator included. */
#define HMPI_MAX_LEVEL_NAME 64

/**
 * \brief Split a communicator by shared hardware, like `MPI_Comm_split_type`.
 *
 * Collective over \p comm.
 * - `MPI_COMM_TYPE_SHARED`: one communicator per (real or virtual) node.
 * - `HMPI_COMM_TYPE_HW_UNGUIDED`: the highest level below the level of \p comm
 *   that splits it into strict subsets; processes whose binding is not inside
 *   one object of that level get `MPI_COMM_NULL`. Repeated calls walk down the
 *   hierarchy (switches, `Machine`, packages, ... singletons, then
 *   `MPI_COMM_NULL`).
 * - `HMPI_COMM_TYPE_HW_GUIDED`: the level named by the info key
 *   `mpi_hw_resource_type` (case-insensitive, aliases accepted); all processes
 *   of \p comm sharing one object of that level. Unknown or missing value:
 *   `MPI_COMM_NULL` everywhere.
 * - `MPI_UNDEFINED`: `MPI_COMM_NULL`.
 *
 * \p key orders the ranks as in `MPI_Comm_split`. Every communicator created
 * carries the info keys `mpi_hw_resource_type`, `hmpi_hlevel_num`,
 * `hmpi_hlevel_index` and `hmpi_hw_resource_aliases`.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] comm the communicator to split
 * \param[in] split_type `MPI_COMM_TYPE_SHARED`, `HMPI_COMM_TYPE_HW_UNGUIDED`,
 *     `HMPI_COMM_TYPE_HW_GUIDED` or `MPI_UNDEFINED`
 * \param[in] key orders the ranks of the new communicator, as in `MPI_Comm_split`
 * \param[in,out] info `mpi_hw_resource_type` for guided splits; the level of the new communicator
 *     is set there (MPI 4.0)
 * \param[out] newcomm the new communicator, or `MPI_COMM_NULL`
 */
HMPI_API int HMPI_Comm_split_type(MPI_Comm comm, int split_type, int key, MPI_Info info,
                                  MPI_Comm *newcomm);

/**
 * \brief Unguided split that also returns the communicator of the new
 * communicators' roots.
 *
 * Collective. \p newcomm is what `HMPI_COMM_TYPE_HW_UNGUIDED` gives with `key`
 * = the rank in \p oldcomm. \p rootscomm groups the rank-0 processes of the
 * communicators created from \p oldcomm, in \p oldcomm order; others get
 * `MPI_COMM_NULL`.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] oldcomm the communicator to split
 * \param[in] info reserved, `MPI_INFO_NULL`
 * \param[out] newcomm the unguided split of \p oldcomm, or `MPI_COMM_NULL`
 * \param[out] rootscomm the communicator of the new communicators' rank-0 processes, or
 *     `MPI_COMM_NULL`
 */
HMPI_API int HMPI_Comm_hsplit_with_roots(MPI_Comm oldcomm, MPI_Info info, MPI_Comm *newcomm,
                                         MPI_Comm *rootscomm);

/**
 * \brief Level information of a communicator created by hmpi. Local.
 *
 * \param[out] num_comms how many communicators the same split created from
 *             the same parent
 * \param[out] index this one's position among them, ordered by the lowest
 *             parent rank they contain
 * \param[out] type canonical level name (`HMPI_MAX_LEVEL_NAME` characters)
 * \param[out] resultlen length of \p type without the terminator
 * \return `MPI_ERR_COMM` class for a communicator not created by hmpi.
 * \param[in] comm a communicator created by an hmpi split
 */
HMPI_API int HMPI_Comm_get_hlevel_info(MPI_Comm comm, int *num_comms, int *index, char *type,
                                       int *resultlen);

/**
 * \brief Name of the lowest level shared by the listed ranks. Local.
 *
 * All on one node: the deepest object covering all their bindings. On several
 * nodes: `Switch` when network information exists, else `Cluster`. The
 * calling process not in the list: `Unknown`. Needs locality knowledge of
 * \p comm (see HMPI_Comm_attach_locality()).
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] comm communicator with locality knowledge
 * \param[in] nranks number of ranks in \p ranks
 * \param[in] ranks ranks of \p comm
 * \param[out] type level name (`HMPI_MAX_LEVEL_NAME` characters)
 * \param[out] resultlen length of \p type without the terminator
 */
HMPI_API int HMPI_Comm_get_min_hlevel(MPI_Comm comm, int nranks, const int ranks[], char *type,
                                      int *resultlen);

/**
 * \brief Give \p comm the locality knowledge that local queries need.
 *
 * Collective. Every communicator created by hmpi, and every communicator
 * passed to a collective hmpi call, already has it. The table holds, per rank
 * of \p comm, its path in the hierarchy: about 5 × depth bytes per rank,
 * built once by one allgather and cached on the communicator (released by
 * `MPI_Comm_free`).
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] comm the communicator
 */
HMPI_API int HMPI_Comm_attach_locality(MPI_Comm comm);

/**
 * \brief Hierarchy level shared by ranks \p i and \p j (Träff 2003). Local.
 *
 * Level 0 is \p comm itself; the result is the number of successive unguided
 * splits of \p comm after which \p i and \p j are still in one communicator.
 * For `i == j`, the depth of that process.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] comm communicator
 * \param[in] i a rank of \p comm
 * \param[in] j a rank of \p comm
 * \param[out] level the level they share
 */
HMPI_API int HMPI_Comm_level(MPI_Comm comm, int i, int j, int *level);

/**
 * \brief Canonical level names that a guided split of \p comm supports on
 * this run, top-down; then the device classes some node of \p comm has
 * (`gpu`, `nvlink`: GPUs linked by NVLink, `nic`), which guided splits take
 * but which are no levels (`hmpi_levels` and HMPI_Comm_hsplit() refuse
 * them). Collective.
 *
 * \param[out] ntypes how many names exist (may exceed \p maxtypes)
 * \param[out] types the first `min(ntypes, maxtypes)` names
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 * \param[in] comm communicator
 * \param[in] maxtypes capacity of \p types
 */
HMPI_API int HMPI_Get_hw_resource_types(MPI_Comm comm, int *ntypes,
                                        char types[][HMPI_MAX_LEVEL_NAME], int maxtypes);
/**
 * \brief The hardware the calling process runs on, as a new info object
 * (MPI 4.1's `MPI_Get_hw_resource_info`). Local. Keys: MPI 5.0's
 * `hwloc://<Type>` for every type of object the node has (`Machine`,
 * `Package`, `NUMANode`, `L3Cache`, `Core`, `PU`, ...), `"true"` where the
 * process is restricted to a single instance of it (bound inside one), else
 * `"false"`; `hmpi_hw_resource_types`, the levels that contain the process's binding,
 * top-down, as MPI 4.1 resource names (`hwloc://Machine,hwloc://Package,...`;
 * every name of a level, aliases included), each a valid value of
 * `mpi_hw_resource_type`; `hmpi_hw_binding_level`, the
 * deepest of them; `hmpi_node_name`, the (virtual) node's name. Where the
 * node has GPUs or NICs: `hwloc://PCIDev` and `hwloc://OSDev`, `"false"`
 * (no binding lies inside a device); `hmpi_devices`, their names
 * (`gpu0,gpu1,nic0`); and for each `hmpi_device_<name>`, its OS devices,
 * PCI bus id and the object it hangs from (`cuda0,nvml0 pci 0002:01:00.0 at
 * Package L#0 near`, `near` where the process lies inside that object).
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[out] hw_info the new info object (the caller frees it)
 */
HMPI_API int HMPI_Get_hw_resource_info(MPI_Info *hw_info);

/** Opaque hierarchy of communicators (Träff 2003 §4; MPC conduits). */
typedef struct hmpi_hierarchy *HMPI_Hierarchy;
/** The null hierarchy: what HMPI_Hierarchy_free() leaves. */
#define HMPI_HIERARCHY_NULL ((HMPI_Hierarchy)0)

/**
 * \brief Build the whole chain of unguided splits of \p comm with conduits.
 *
 * Collective. Level 0 is \p comm; level `l+1` is the unguided split of level
 * `l`; for every `l < depth`, the conduit communicator groups the rank-0
 * processes of the level `l+1` communicators inside this process's level `l`
 * communicator (`MPI_COMM_NULL` for non-members). Info `hmpi_levels`
 * (comma-separated level names) keeps only those levels. One allreduce of
 * O(depth) integers and two `MPI_Comm_split` per level.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] comm level 0
 * \param[in] info hints, or `MPI_INFO_NULL` (keys listed by HMPI_Config_get())
 * \param[out] hier the new hierarchy
 */
HMPI_API int HMPI_Hierarchy_create(MPI_Comm comm, MPI_Info info, HMPI_Hierarchy *hier);
/**
 * \brief Number of levels below level 0 for this process. Local.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] hier the hierarchy
 * \param[out] depth this process's depth
 */
HMPI_API int HMPI_Hierarchy_depth(HMPI_Hierarchy hier, int *depth);
/**
 * \brief Maximum depth over the communicator. Local.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] hier the hierarchy
 * \param[out] max_depth the maximum depth over the communicator
 */
HMPI_API int HMPI_Hierarchy_max_depth(HMPI_Hierarchy hier, int *max_depth);
/**
 * \brief Communicator of \p level (0..depth) for this process. Local.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] hier the hierarchy
 * \param[in] level 0 .. depth
 * \param[out] comm the communicator of that level
 */
HMPI_API int HMPI_Hierarchy_level_comm(HMPI_Hierarchy hier, int level, MPI_Comm *comm);
/**
 * \brief Conduit between \p level and `level+1` (0..depth-1). Local.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] hier the hierarchy
 * \param[in] level 0 .. depth-1
 * \param[out] comm the conduit, or `MPI_COMM_NULL` for processes that are no root below
 */
HMPI_API int HMPI_Hierarchy_conduit_comm(HMPI_Hierarchy hier, int level, MPI_Comm *comm);
/**
 * \brief Free the hierarchy and the communicators it owns. Local.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in,out] hier the hierarchy; `HMPI_HIERARCHY_NULL` on return
 */
HMPI_API int HMPI_Hierarchy_free(HMPI_Hierarchy *hier);

/**
 * \brief A window of the node's shared memory over a level communicator,
 * each rank's part placed on the NUMA node where the rank runs.
 *
 * Collective over \p comm, whose ranks must share memory (a communicator of
 * `MPI_COMM_TYPE_SHARED`, or of a guided split to a level of the node:
 * `NUMANode`, `Package`, `L3Cache`, ...): `MPI_Win_allocate_shared` with
 * the parts not contiguous (`alloc_shared_noncontig`), each zeroed by its
 * owner before anyone uses it, so that its pages are placed by the owner's
 * first touch. The ranks then load and store each other's parts directly
 * (`MPI_Win_shared_query`; synchronise with `MPI_Win_sync` and a barrier, or
 * passive-target epochs), the memory windows of Goglin et al.'s future work:
 * hybrid MPI+MPI without threads. Free it with `MPI_Win_free`. The
 * collectives of hmpi use the same kind of segments internally
 * (doc/design.md, "The node").
 *
 * \param[in] size bytes of this rank's part (may differ between ranks)
 * \param[in] disp_unit the displacement unit, as in `MPI_Win_allocate_shared`
 * \param[in] info hints for MPI, or `MPI_INFO_NULL` (`alloc_shared_noncontig`
 *     is set to `true`)
 * \param[in] comm ranks that share memory
 * \param[out] baseptr the address of this rank's part (a `void **`, as MPI's)
 * \param[out] win the window
 * \return `MPI_SUCCESS`; `MPI_ERR_COMM` (on every rank) when \p comm has ranks
 *     that do not share memory; `MPI_ERR_SIZE`, `MPI_ERR_DISP`, `MPI_ERR_ARG`
 *     for a negative size, a displacement unit that is not positive, a NULL
 *     output
 */
HMPI_API int HMPI_Win_allocate_shared(MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm,
                                      void *baseptr, MPI_Win *win);

/** @} */

/**
 * \defgroup hmpi_smp SMP-aware topology functions
 * \brief Träff 2003: communicator relations, redistribution between a
 * communicator and a sub-communicator, and graph / Cartesian topologies
 * built from local information and placed on the hardware hierarchy.
 * @{
 */
#define HMPI_SUBCOMM 101          /**< comm1's processes all belong to comm2 */
#define HMPI_SUBCOMM_STRICT 102   /**< ... in the same relative order */
#define HMPI_SUPERCOMM 103        /**< comm2's processes all belong to comm1 */
#define HMPI_SUPERCOMM_STRICT 104 /**< ... in the same relative order */

/**
 * \brief `MPI_Comm_compare`, with the four sub/super results when the
 * communicators are `MPI_UNEQUAL`. Local.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] comm1 first communicator
 * \param[in] comm2 second communicator
 * \param[out] result `MPI_IDENT`, `MPI_CONGRUENT`, `MPI_SIMILAR`, `HMPI_SUBCOMM(_STRICT)`,
 *     `HMPI_SUPERCOMM(_STRICT)` or `MPI_UNEQUAL`
 */
HMPI_API int HMPI_Comm_relate(MPI_Comm comm1, MPI_Comm comm2, int *result);
/**
 * \brief Redistribution from `basecomm` to `subcomm` (`MPI_COMM_NULL` on
 * non-members): `*torank` is the `basecomm` rank of the process whose
 * `subcomm` rank equals the caller's `basecomm` rank; `*fromrank` the
 * `basecomm` rank equal to the caller's `subcomm` rank; `MPI_PROC_NULL`
 * where none. Collective over `basecomm`.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] basecomm the communicator whose processes take part
 * \param[in] subcomm a communicator of some of \p basecomm's processes (`MPI_COMM_NULL` on the
 *     others)
 * \param[out] torank where to send (`MPI_PROC_NULL`: nowhere)
 * \param[out] fromrank where to receive from (`MPI_PROC_NULL`: nowhere)
 */
HMPI_API int HMPI_Comm_map(MPI_Comm basecomm, MPI_Comm subcomm, int *torank, int *fromrank);
/**
 * \brief Send to `torank`, receive from `fromrank` (either may be
 * `MPI_PROC_NULL`), over a private duplicate of `comm`. Collective.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf data sent to \p torank
 * \param[in] sendcount number of elements sent
 * \param[in] sendtype datatype of the send elements
 * \param[in] torank rank of \p comm to send to, or `MPI_PROC_NULL`
 * \param[out] recvbuf data received from \p fromrank
 * \param[in] recvcount number of elements received
 * \param[in] recvtype datatype of the receive elements
 * \param[in] fromrank rank of \p comm to receive from, or `MPI_PROC_NULL`
 * \param[in] comm communicator
 */
HMPI_API int HMPI_Permute(const void *sendbuf, int sendcount, MPI_Datatype sendtype, int torank,
                          void *recvbuf, int recvcount, MPI_Datatype recvtype, int fromrank,
                          MPI_Comm comm);
/**
 * \brief A graph communicator from local neighbour lists (ranks of
 * `basecomm`; repeats weigh the edge; lists need not be symmetric; `degree
 * == -1` leaves the caller out). With `reorder`, processes are placed on the
 * hardware hierarchy (Scotch) so that heavy edges stay in deep levels; `reorder
 * == 0` pins the caller to its identity position (its rank among the included
 * processes). Vertex i of the graph is the identity position i; the process
 * that gets rank i in `*graphcomm` serves it (use `HMPI_Comm_map` and
 * `HMPI_Permute` to move data). Info `hmpi_map_effort`: `fast`, `default`,
 * `best`. Collective; memory O(p + edges) per process, as `MPI_Graph_create`.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] basecomm the communicator whose processes take part
 * \param[in] degree number of entries in \p neighbors; -1 leaves the caller out
 * \param[in] neighbors ranks of \p basecomm the caller talks to (repeats weigh the edge)
 * \param[in] reorder 0 pins the caller to its identity position; otherwise it may be placed
 *     anywhere
 * \param[in] mapinfo hints (`hmpi_map_effort`), or `MPI_INFO_NULL`
 * \param[out] graphcomm the graph communicator, or `MPI_COMM_NULL` for processes left out
 */
HMPI_API int HMPI_Graph_create(MPI_Comm basecomm, int degree, const int neighbors[], int reorder,
                               MPI_Info mapinfo, MPI_Comm *graphcomm);
/**
 * \brief `MPI_Cart_create` with placement: `diagonal` adds the diagonal
 * neighbours; `multiplicity` (`NULL`: all 1) weighs each dimension, then, when
 * `diagonal`, the diagonals (`ndims + 1` entries); `reorder` local as in
 * `HMPI_Graph_create`. Processes beyond `dims`' product get `MPI_COMM_NULL`.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] basecomm the communicator whose processes take part
 * \param[in] ndims number of dimensions
 * \param[in] dims number of processes in each dimension
 * \param[in] periods whether each dimension is periodic
 * \param[in] diagonal nonzero: diagonal neighbours are edges too
 * \param[in] multiplicity weight of each dimension, then of the diagonals (`ndims + 1` entries),
 *     or NULL for all 1
 * \param[in] reorder 0 pins the caller to its identity position; otherwise it may be placed
 *     anywhere
 * \param[in] mapinfo hints (`hmpi_map_effort`), or `MPI_INFO_NULL`
 * \param[out] cartcomm the Cartesian communicator, or `MPI_COMM_NULL` beyond the grid
 */
HMPI_API int HMPI_Cart_create(MPI_Comm basecomm, int ndims, const int dims[], const int periods[],
                              int diagonal, const int multiplicity[], int reorder, MPI_Info mapinfo,
                              MPI_Comm *cartcomm);
/**
 * \brief The quality of a placement: for a communicator with a graph,
 * distributed graph or Cartesian topology, `crossing[l]` is the weight of the
 * edges whose ends are apart at level `l + 1` (`HMPI_Comm_level` below `l + 1`),
 * for `l < *nlevels` (the depth of the hierarchy; at most `maxlevels` written).
 * Each process counts its (out-)neighbours, repeats included, and an edge
 * listed at both ends counts once. Cartesian: the 2·ndims axis neighbours,
 * weight 1. Collective.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] comm communicator
 * \param[in] maxlevels capacity of \p crossing
 * \param[out] crossing `crossing[l]`: edge weight whose ends are apart at level `l + 1`
 * \param[out] nlevels the depth of the hierarchy
 */
HMPI_API int HMPI_Topo_crossing(MPI_Comm comm, int maxlevels, long crossing[], int *nlevels);

/** @} */

/**
 * \defgroup hmpi_requests Requests and the schedule engine
 * \brief Nonblocking and persistent operations (MPI 4.0 semantics).
 *
 * An operation is a schedule of rounds; each round runs local steps (copies,
 * reductions with `MPI_Reduce_local`) and starts persistent point-to-point
 * requests. `_init` builds the whole schedule and creates every request and
 * buffer once; `HMPI_Start` allocates nothing. **Progress** happens only inside
 * hmpi calls: `HMPI_Start` runs the first round, `HMPI_Test` advances over every
 * completed round, `HMPI_Wait` blocks until the end. Library traffic uses a
 * private duplicate of the communicator, never user tags.
 * @{
 */

/** Opaque request of a nonblocking or persistent hmpi operation. */
typedef struct hmpi_request *HMPI_Request;
/** The null request. */
#define HMPI_REQUEST_NULL ((HMPI_Request)0)

/**
 * \brief Start an inactive persistent request. Error if already active.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in,out] request an inactive persistent request
 */
HMPI_API int HMPI_Start(HMPI_Request *request);
/**
 * \brief Start several persistent requests, in order.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] count number of requests
 * \param[in,out] requests the requests
 */
HMPI_API int HMPI_Startall(int count, HMPI_Request requests[]);
/**
 * \brief Complete a request. A persistent request becomes inactive; a
 * nonblocking one is freed and set to `HMPI_REQUEST_NULL`. The status (may be
 * `MPI_STATUS_IGNORE`) is empty, as for MPI collectives.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in,out] request the request
 * \param[out] status empty status, or `MPI_STATUS_IGNORE`
 */
HMPI_API int HMPI_Wait(HMPI_Request *request, MPI_Status *status);
/**
 * \brief Complete several requests.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] count number of requests
 * \param[in,out] requests the requests
 * \param[out] statuses one status per request, or `MPI_STATUSES_IGNORE`
 */
HMPI_API int HMPI_Waitall(int count, HMPI_Request requests[], MPI_Status statuses[]);
/**
 * \brief Advance a request; `*flag` tells whether it completed.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in,out] request the request
 * \param[out] flag true when the request is complete
 * \param[out] status empty status, or `MPI_STATUS_IGNORE`
 */
HMPI_API int HMPI_Test(HMPI_Request *request, int *flag, MPI_Status *status);
/**
 * \brief Free an inactive request (error if active). Sets it to `HMPI_REQUEST_NULL`.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in,out] request the request; `HMPI_REQUEST_NULL` on return
 */
HMPI_API int HMPI_Request_free(HMPI_Request *request);

/** @} */

/**
 * \defgroup hmpi_coll Persistent and topology-aware collectives
 * \brief MPI collectives as persistent (`_init`), nonblocking (`HMPI_I...`) and
 * blocking calls, with flat and topology-aware algorithms.
 *
 * Results are those of the MPI collective for every root, count (0
 * included), datatype (derived ones too, holes untouched) and op;
 * non-commutative ops are applied in rank order. `MPI_IN_PLACE` as in MPI.
 * The algorithm comes from the info key `hmpi_algorithm` of `_init` calls, or
 * the environment variable `HMPI_COLL_ALGORITHM`: `auto` (default: on
 * several nodes, `multilane` for bcast and commutative reduce and allreduce;
 * else the topology-aware algorithm when the communicator spans more than one
 * level of the hierarchy; ring for large commutative allreduces),
 * `hierarchical`, `binomial`, `linear`, `ring`, `recursive_doubling`,
 * `pairwise`, `dissemination`, `multilane` (per node and per lane: bcast,
 * reduce, allreduce; lanes from `hmpi_lanes` / `HMPI_LANES`), `twotree`
 * (pipelined trees over the nodes, bcast; their count from
 * `hmpi_bcast_trees` / `HMPI_BCAST_TREES`: 2 binary, 3 to 8 k-ary), `shm`
 * (through each node's shared memory: every collective on one node;
 * barrier, bcast, and commutative reduce and allreduce over several, with
 * messages between the nodes), `native` (the MPI
 * library's own collective: its blocking form in a blocking call, its
 * nonblocking one posted at each HMPI_Start; `auto` takes it where a
 * tuning file measured it fastest, and with the built-in model in blocking
 * calls on one node where no shared-memory algorithm is modelled faster). Info
 * `hmpi_levels` (e.g. `Machine`) limits the levels the topology-aware tree
 * uses. `HMPI_P2P` (`auto`, `persistent`, `nonblocking`) chooses
 * how rounds post their prepared messages (see doc/collectives.md).
 * @{
 */
/**
 * \brief Persistent `MPI_Barrier` (MPI 4.0 `MPI_Barrier_init`). Collective.
 *
 * Everything (algorithm, schedule, requests, buffers) is set up here, once;
 * HMPI_Start() runs the operation and allocates nothing.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] comm communicator
 * \param[in] info hints, or `MPI_INFO_NULL` (keys listed by HMPI_Config_get())
 * \param[out] request the new persistent request, inactive
 */
HMPI_API int HMPI_Barrier_init(MPI_Comm comm, MPI_Info info, HMPI_Request *request);
/**
 * \brief Persistent `MPI_Bcast` (MPI 4.0 `MPI_Bcast_init`). Collective.
 *
 * Everything (algorithm, schedule, requests, buffers) is set up here, once;
 * HMPI_Start() runs the operation and allocates nothing.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in,out] buffer data: sent by the root, received by the others
 * \param[in] count number of elements
 * \param[in] datatype datatype of the elements
 * \param[in] root rank of the root in \p comm
 * \param[in] comm communicator
 * \param[in] info hints, or `MPI_INFO_NULL` (keys listed by HMPI_Config_get())
 * \param[out] request the new persistent request, inactive
 */
HMPI_API int HMPI_Bcast_init(void *buffer, int count, MPI_Datatype datatype, int root,
                             MPI_Comm comm, MPI_Info info, HMPI_Request *request);
/**
 * \brief Persistent `MPI_Reduce` (MPI 4.0 `MPI_Reduce_init`). Collective.
 *
 * Everything (algorithm, schedule, requests, buffers) is set up here, once;
 * HMPI_Start() runs the operation and allocates nothing.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` where the MPI collective allows it)
 * \param[out] recvbuf receive buffer
 * \param[in] count number of elements
 * \param[in] datatype datatype of the elements
 * \param[in] op reduction operation
 * \param[in] root rank of the root in \p comm
 * \param[in] comm communicator
 * \param[in] info hints, or `MPI_INFO_NULL` (keys listed by HMPI_Config_get())
 * \param[out] request the new persistent request, inactive
 */
HMPI_API int HMPI_Reduce_init(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                              MPI_Op op, int root, MPI_Comm comm, MPI_Info info,
                              HMPI_Request *request);
/**
 * \brief Persistent `MPI_Allreduce` (MPI 4.0 `MPI_Allreduce_init`). Collective.
 *
 * Everything (algorithm, schedule, requests, buffers) is set up here, once;
 * HMPI_Start() runs the operation and allocates nothing.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` where the MPI collective allows it)
 * \param[out] recvbuf receive buffer
 * \param[in] count number of elements
 * \param[in] datatype datatype of the elements
 * \param[in] op reduction operation
 * \param[in] comm communicator
 * \param[in] info hints, or `MPI_INFO_NULL` (keys listed by HMPI_Config_get())
 * \param[out] request the new persistent request, inactive
 */
HMPI_API int HMPI_Allreduce_init(const void *sendbuf, void *recvbuf, int count,
                                 MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info,
                                 HMPI_Request *request);
/**
 * \brief Persistent `MPI_Gather` (MPI 4.0 `MPI_Gather_init`). Collective.
 *
 * Everything (algorithm, schedule, requests, buffers) is set up here, once;
 * HMPI_Start() runs the operation and allocates nothing.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` where the MPI collective allows it)
 * \param[in] sendcount number of elements sent (per block)
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcount number of elements received (per block)
 * \param[in] recvtype datatype of the receive elements
 * \param[in] root rank of the root in \p comm
 * \param[in] comm communicator
 * \param[in] info hints, or `MPI_INFO_NULL` (keys listed by HMPI_Config_get())
 * \param[out] request the new persistent request, inactive
 */
HMPI_API int HMPI_Gather_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                              void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                              MPI_Comm comm, MPI_Info info, HMPI_Request *request);
/**
 * \brief Persistent `MPI_Scatter` (MPI 4.0 `MPI_Scatter_init`). Collective.
 *
 * Everything (algorithm, schedule, requests, buffers) is set up here, once;
 * HMPI_Start() runs the operation and allocates nothing.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` where the MPI collective allows it)
 * \param[in] sendcount number of elements sent (per block)
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcount number of elements received (per block)
 * \param[in] recvtype datatype of the receive elements
 * \param[in] root rank of the root in \p comm
 * \param[in] comm communicator
 * \param[in] info hints, or `MPI_INFO_NULL` (keys listed by HMPI_Config_get())
 * \param[out] request the new persistent request, inactive
 */
HMPI_API int HMPI_Scatter_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                               void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                               MPI_Comm comm, MPI_Info info, HMPI_Request *request);
/**
 * \brief Persistent `MPI_Allgather` (MPI 4.0 `MPI_Allgather_init`). Collective.
 *
 * Everything (algorithm, schedule, requests, buffers) is set up here, once;
 * HMPI_Start() runs the operation and allocates nothing.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` where the MPI collective allows it)
 * \param[in] sendcount number of elements sent (per block)
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcount number of elements received (per block)
 * \param[in] recvtype datatype of the receive elements
 * \param[in] comm communicator
 * \param[in] info hints, or `MPI_INFO_NULL` (keys listed by HMPI_Config_get())
 * \param[out] request the new persistent request, inactive
 */
HMPI_API int HMPI_Allgather_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                 void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                                 MPI_Info info, HMPI_Request *request);
/**
 * \brief Persistent `MPI_Alltoall` (MPI 4.0 `MPI_Alltoall_init`). Collective.
 *
 * Everything (algorithm, schedule, requests, buffers) is set up here, once;
 * HMPI_Start() runs the operation and allocates nothing.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` where the MPI collective allows it)
 * \param[in] sendcount number of elements sent (per block)
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcount number of elements received (per block)
 * \param[in] recvtype datatype of the receive elements
 * \param[in] comm communicator
 * \param[in] info hints, or `MPI_INFO_NULL` (keys listed by HMPI_Config_get())
 * \param[out] request the new persistent request, inactive
 */
HMPI_API int HMPI_Alltoall_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                                MPI_Info info, HMPI_Request *request);
/**
 * \brief Persistent `MPI_Reduce_scatter_block` (MPI 4.0 `MPI_Reduce_scatter_block_init`).
 * Collective.
 *
 * Everything (algorithm, schedule, requests, buffers) is set up here, once;
 * HMPI_Start() runs the operation and allocates nothing.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` where the MPI collective allows it)
 * \param[out] recvbuf receive buffer
 * \param[in] recvcount number of elements received (per block)
 * \param[in] datatype datatype of the elements
 * \param[in] op reduction operation
 * \param[in] comm communicator
 * \param[in] info hints, or `MPI_INFO_NULL` (keys listed by HMPI_Config_get())
 * \param[out] request the new persistent request, inactive
 */
HMPI_API int HMPI_Reduce_scatter_block_init(const void *sendbuf, void *recvbuf, int recvcount,
                                            MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                            MPI_Info info, HMPI_Request *request);
/**
 * \brief Persistent `MPI_Scan` (MPI 4.0 `MPI_Scan_init`). Collective.
 *
 * Rank r receives the combination of the inputs of ranks 0 to r. Everything (algorithm, schedule,
 * requests, buffers) is set up here, once; HMPI_Start() runs the operation and allocates nothing.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer, or `MPI_IN_PLACE` (the input is then in `recvbuf`)
 * \param[out] recvbuf receive buffer
 * \param[in] count number of elements
 * \param[in] datatype datatype of the elements
 * \param[in] op reduction operation (applied in rank order; need not commute)
 * \param[in] comm communicator
 * \param[in] info hints, or `MPI_INFO_NULL` (keys listed by HMPI_Config_get())
 * \param[out] request the new persistent request, inactive
 */
HMPI_API int HMPI_Scan_init(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                            MPI_Op op, MPI_Comm comm, MPI_Info info, HMPI_Request *request);
/**
 * \brief Persistent `MPI_Exscan` (MPI 4.0 `MPI_Exscan_init`). Collective.
 *
 * Rank r receives the combination of the inputs of ranks 0 to r-1. Everything (algorithm, schedule,
 * requests, buffers) is set up here, once; HMPI_Start() runs the operation and allocates nothing.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer, or `MPI_IN_PLACE` (the input is then in `recvbuf`)
 * \param[out] recvbuf receive buffer (not touched on rank 0)
 * \param[in] count number of elements
 * \param[in] datatype datatype of the elements
 * \param[in] op reduction operation (applied in rank order; need not commute)
 * \param[in] comm communicator
 * \param[in] info hints, or `MPI_INFO_NULL` (keys listed by HMPI_Config_get())
 * \param[out] request the new persistent request, inactive
 */
HMPI_API int HMPI_Exscan_init(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                              MPI_Op op, MPI_Comm comm, MPI_Info info, HMPI_Request *request);
/**
 * \brief Persistent `MPI_Gatherv` (MPI 4.0 `MPI_Gatherv_init`). Collective.
 *
 * Counts, displacements and types are read here: the arrays may change
 * afterwards. HMPI_Start() runs the operation and allocates nothing.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` at the root: its block is in place)
 * \param[in] sendcount number of elements sent
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer (significant at the root)
 * \param[in] recvcounts elements received from each process (root)
 * \param[in] displs where each process's block goes, in extents of recvtype (root)
 * \param[in] recvtype datatype of the receive elements (root)
 * \param[in] root rank of the root
 * \param[in] comm communicator
 * \param[in] info hints, or `MPI_INFO_NULL` (keys listed by HMPI_Config_get())
 * \param[out] request the new persistent request, inactive
 */
HMPI_API int HMPI_Gatherv_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                               void *recvbuf, const int recvcounts[], const int displs[],
                               MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info,
                               HMPI_Request *request);
/**
 * \brief Persistent `MPI_Scatterv` (MPI 4.0 `MPI_Scatterv_init`). Collective.
 *
 * Counts, displacements and types are read here: the arrays may change
 * afterwards. HMPI_Start() runs the operation and allocates nothing.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer (significant at the root)
 * \param[in] sendcounts elements sent to each process (root)
 * \param[in] displs where each process's block is, in extents of sendtype (root)
 * \param[in] sendtype datatype of the send elements (root)
 * \param[out] recvbuf receive buffer (`MPI_IN_PLACE` at the root)
 * \param[in] recvcount number of elements received
 * \param[in] recvtype datatype of the receive elements
 * \param[in] root rank of the root
 * \param[in] comm communicator
 * \param[in] info hints, or `MPI_INFO_NULL` (keys listed by HMPI_Config_get())
 * \param[out] request the new persistent request, inactive
 */
HMPI_API int HMPI_Scatterv_init(const void *sendbuf, const int sendcounts[], const int displs[],
                                MPI_Datatype sendtype, void *recvbuf, int recvcount,
                                MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info,
                                HMPI_Request *request);
/**
 * \brief Persistent `MPI_Allgatherv` (MPI 4.0 `MPI_Allgatherv_init`). Collective.
 *
 * Counts, displacements and types are read here: the arrays may change
 * afterwards. HMPI_Start() runs the operation and allocates nothing.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer, or `MPI_IN_PLACE` (the own block is in place)
 * \param[in] sendcount number of elements sent
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcounts elements received from each process
 * \param[in] displs where each process's block goes, in extents of recvtype
 * \param[in] recvtype datatype of the receive elements
 * \param[in] comm communicator
 * \param[in] info hints, or `MPI_INFO_NULL` (keys listed by HMPI_Config_get())
 * \param[out] request the new persistent request, inactive
 */
HMPI_API int HMPI_Allgatherv_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                  void *recvbuf, const int recvcounts[], const int displs[],
                                  MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                  HMPI_Request *request);
/**
 * \brief Persistent `MPI_Alltoallv` (MPI 4.0 `MPI_Alltoallv_init`). Collective.
 *
 * Counts, displacements and types are read here: the arrays may change
 * afterwards. HMPI_Start() runs the operation and allocates nothing.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer, or `MPI_IN_PLACE` (the data is in recvbuf, laid out as received)
 * \param[in] sendcounts elements sent to each process
 * \param[in] sdispls where each block to send is, in extents of sendtype
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcounts elements received from each process
 * \param[in] rdispls where each received block goes, in extents of recvtype
 * \param[in] recvtype datatype of the receive elements
 * \param[in] comm communicator
 * \param[in] info hints, or `MPI_INFO_NULL` (keys listed by HMPI_Config_get())
 * \param[out] request the new persistent request, inactive
 */
HMPI_API int HMPI_Alltoallv_init(const void *sendbuf, const int sendcounts[], const int sdispls[],
                                 MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                                 const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm,
                                 MPI_Info info, HMPI_Request *request);
/**
 * \brief Persistent `MPI_Alltoallw` (MPI 4.0 `MPI_Alltoallw_init`). Collective.
 *
 * Counts, displacements and types are read here: the arrays may change
 * afterwards. HMPI_Start() runs the operation and allocates nothing.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer, or `MPI_IN_PLACE`
 * \param[in] sendcounts elements sent to each process
 * \param[in] sdispls where each block to send is, in bytes
 * \param[in] sendtypes datatype of the elements sent to each process
 * \param[out] recvbuf receive buffer
 * \param[in] recvcounts elements received from each process
 * \param[in] rdispls where each received block goes, in bytes
 * \param[in] recvtypes datatype of the elements received from each process
 * \param[in] comm communicator
 * \param[in] info hints, or `MPI_INFO_NULL` (keys listed by HMPI_Config_get())
 * \param[out] request the new persistent request, inactive
 */
HMPI_API int HMPI_Alltoallw_init(const void *sendbuf, const int sendcounts[], const int sdispls[],
                                 const MPI_Datatype sendtypes[], void *recvbuf,
                                 const int recvcounts[], const int rdispls[],
                                 const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Info info,
                                 HMPI_Request *request);
/**
 * \brief Persistent `MPI_Reduce_scatter` (MPI 4.0 `MPI_Reduce_scatter_init`). Collective.
 *
 * Counts, displacements and types are read here: the arrays may change
 * afterwards. HMPI_Start() runs the operation and allocates nothing.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer (the whole vector), or `MPI_IN_PLACE` (it is then in recvbuf)
 * \param[out] recvbuf receive buffer: this process's part
 * \param[in] recvcounts elements of each process's part
 * \param[in] datatype datatype of the elements
 * \param[in] op reduction operation (applied in rank order; need not commute)
 * \param[in] comm communicator
 * \param[in] info hints, or `MPI_INFO_NULL` (keys listed by HMPI_Config_get())
 * \param[out] request the new persistent request, inactive
 */
HMPI_API int HMPI_Reduce_scatter_init(const void *sendbuf, void *recvbuf, const int recvcounts[],
                                      MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                      MPI_Info info, HMPI_Request *request);

/**
 * \brief Nonblocking `MPI_Barrier` with hmpi's algorithms. Collective.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] comm communicator
 * \param[out] request the new request, active
 */
HMPI_API int HMPI_Ibarrier(MPI_Comm comm, HMPI_Request *request);
/**
 * \brief Nonblocking `MPI_Bcast` with hmpi's algorithms. Collective.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in,out] buffer data: sent by the root, received by the others
 * \param[in] count number of elements
 * \param[in] datatype datatype of the elements
 * \param[in] root rank of the root in \p comm
 * \param[in] comm communicator
 * \param[out] request the new request, active
 */
HMPI_API int HMPI_Ibcast(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                         HMPI_Request *request);
/**
 * \brief Nonblocking `MPI_Reduce` with hmpi's algorithms. Collective.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` where the MPI collective allows it)
 * \param[out] recvbuf receive buffer
 * \param[in] count number of elements
 * \param[in] datatype datatype of the elements
 * \param[in] op reduction operation
 * \param[in] root rank of the root in \p comm
 * \param[in] comm communicator
 * \param[out] request the new request, active
 */
HMPI_API int HMPI_Ireduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                          MPI_Op op, int root, MPI_Comm comm, HMPI_Request *request);
/**
 * \brief Nonblocking `MPI_Allreduce` with hmpi's algorithms. Collective.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` where the MPI collective allows it)
 * \param[out] recvbuf receive buffer
 * \param[in] count number of elements
 * \param[in] datatype datatype of the elements
 * \param[in] op reduction operation
 * \param[in] comm communicator
 * \param[out] request the new request, active
 */
HMPI_API int HMPI_Iallreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                             MPI_Op op, MPI_Comm comm, HMPI_Request *request);
/**
 * \brief Nonblocking `MPI_Gather` with hmpi's algorithms. Collective.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` where the MPI collective allows it)
 * \param[in] sendcount number of elements sent (per block)
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcount number of elements received (per block)
 * \param[in] recvtype datatype of the receive elements
 * \param[in] root rank of the root in \p comm
 * \param[in] comm communicator
 * \param[out] request the new request, active
 */
HMPI_API int HMPI_Igather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                          int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                          HMPI_Request *request);
/**
 * \brief Nonblocking `MPI_Scatter` with hmpi's algorithms. Collective.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` where the MPI collective allows it)
 * \param[in] sendcount number of elements sent (per block)
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcount number of elements received (per block)
 * \param[in] recvtype datatype of the receive elements
 * \param[in] root rank of the root in \p comm
 * \param[in] comm communicator
 * \param[out] request the new request, active
 */
HMPI_API int HMPI_Iscatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                           int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                           HMPI_Request *request);
/**
 * \brief Nonblocking `MPI_Allgather` with hmpi's algorithms. Collective.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` where the MPI collective allows it)
 * \param[in] sendcount number of elements sent (per block)
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcount number of elements received (per block)
 * \param[in] recvtype datatype of the receive elements
 * \param[in] comm communicator
 * \param[out] request the new request, active
 */
HMPI_API int HMPI_Iallgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                             void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                             HMPI_Request *request);
/**
 * \brief Nonblocking `MPI_Alltoall` with hmpi's algorithms. Collective.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` where the MPI collective allows it)
 * \param[in] sendcount number of elements sent (per block)
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcount number of elements received (per block)
 * \param[in] recvtype datatype of the receive elements
 * \param[in] comm communicator
 * \param[out] request the new request, active
 */
HMPI_API int HMPI_Ialltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                            void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                            HMPI_Request *request);
/**
 * \brief Nonblocking `MPI_Reduce_scatter_block` with hmpi's algorithms. Collective.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` where the MPI collective allows it)
 * \param[out] recvbuf receive buffer
 * \param[in] recvcount number of elements received (per block)
 * \param[in] datatype datatype of the elements
 * \param[in] op reduction operation
 * \param[in] comm communicator
 * \param[out] request the new request, active
 */
HMPI_API int HMPI_Ireduce_scatter_block(const void *sendbuf, void *recvbuf, int recvcount,
                                        MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                        HMPI_Request *request);
/**
 * \brief Nonblocking `MPI_Scan` with hmpi's algorithms. Collective.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer, or `MPI_IN_PLACE`
 * \param[out] recvbuf receive buffer
 * \param[in] count number of elements
 * \param[in] datatype datatype of the elements
 * \param[in] op reduction operation
 * \param[in] comm communicator
 * \param[out] request the new request, active
 */
HMPI_API int HMPI_Iscan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                        MPI_Op op, MPI_Comm comm, HMPI_Request *request);
/**
 * \brief Nonblocking `MPI_Exscan` with hmpi's algorithms. Collective.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer, or `MPI_IN_PLACE`
 * \param[out] recvbuf receive buffer (not touched on rank 0)
 * \param[in] count number of elements
 * \param[in] datatype datatype of the elements
 * \param[in] op reduction operation
 * \param[in] comm communicator
 * \param[out] request the new request, active
 */
HMPI_API int HMPI_Iexscan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                          MPI_Op op, MPI_Comm comm, HMPI_Request *request);
/**
 * \brief Nonblocking `MPI_Gatherv` with hmpi's algorithms. Collective.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` at the root: its block is in place)
 * \param[in] sendcount number of elements sent
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer (significant at the root)
 * \param[in] recvcounts elements received from each process (root)
 * \param[in] displs where each process's block goes, in extents of recvtype (root)
 * \param[in] recvtype datatype of the receive elements (root)
 * \param[in] root rank of the root
 * \param[in] comm communicator
 * \param[out] request the new request, active
 */
HMPI_API int HMPI_Igatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                           const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                           int root, MPI_Comm comm, HMPI_Request *request);
/**
 * \brief Nonblocking `MPI_Scatterv` with hmpi's algorithms. Collective.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer (significant at the root)
 * \param[in] sendcounts elements sent to each process (root)
 * \param[in] displs where each process's block is, in extents of sendtype (root)
 * \param[in] sendtype datatype of the send elements (root)
 * \param[out] recvbuf receive buffer (`MPI_IN_PLACE` at the root)
 * \param[in] recvcount number of elements received
 * \param[in] recvtype datatype of the receive elements
 * \param[in] root rank of the root
 * \param[in] comm communicator
 * \param[out] request the new request, active
 */
HMPI_API int HMPI_Iscatterv(const void *sendbuf, const int sendcounts[], const int displs[],
                            MPI_Datatype sendtype, void *recvbuf, int recvcount,
                            MPI_Datatype recvtype, int root, MPI_Comm comm, HMPI_Request *request);
/**
 * \brief Nonblocking `MPI_Allgatherv` with hmpi's algorithms. Collective.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer, or `MPI_IN_PLACE` (the own block is in place)
 * \param[in] sendcount number of elements sent
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcounts elements received from each process
 * \param[in] displs where each process's block goes, in extents of recvtype
 * \param[in] recvtype datatype of the receive elements
 * \param[in] comm communicator
 * \param[out] request the new request, active
 */
HMPI_API int HMPI_Iallgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                              void *recvbuf, const int recvcounts[], const int displs[],
                              MPI_Datatype recvtype, MPI_Comm comm, HMPI_Request *request);
/**
 * \brief Nonblocking `MPI_Alltoallv` with hmpi's algorithms. Collective.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer, or `MPI_IN_PLACE` (the data is in recvbuf, laid out as received)
 * \param[in] sendcounts elements sent to each process
 * \param[in] sdispls where each block to send is, in extents of sendtype
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcounts elements received from each process
 * \param[in] rdispls where each received block goes, in extents of recvtype
 * \param[in] recvtype datatype of the receive elements
 * \param[in] comm communicator
 * \param[out] request the new request, active
 */
HMPI_API int HMPI_Ialltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[],
                             MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                             const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm,
                             HMPI_Request *request);
/**
 * \brief Nonblocking `MPI_Alltoallw` with hmpi's algorithms. Collective.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer, or `MPI_IN_PLACE`
 * \param[in] sendcounts elements sent to each process
 * \param[in] sdispls where each block to send is, in bytes
 * \param[in] sendtypes datatype of the elements sent to each process
 * \param[out] recvbuf receive buffer
 * \param[in] recvcounts elements received from each process
 * \param[in] rdispls where each received block goes, in bytes
 * \param[in] recvtypes datatype of the elements received from each process
 * \param[in] comm communicator
 * \param[out] request the new request, active
 */
HMPI_API int HMPI_Ialltoallw(const void *sendbuf, const int sendcounts[], const int sdispls[],
                             const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
                             const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
                             HMPI_Request *request);
/**
 * \brief Nonblocking `MPI_Reduce_scatter` with hmpi's algorithms. Collective.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer (the whole vector), or `MPI_IN_PLACE` (it is then in recvbuf)
 * \param[out] recvbuf receive buffer: this process's part
 * \param[in] recvcounts elements of each process's part
 * \param[in] datatype datatype of the elements
 * \param[in] op reduction operation (applied in rank order; need not commute)
 * \param[in] comm communicator
 * \param[out] request the new request, active
 */
HMPI_API int HMPI_Ireduce_scatter(const void *sendbuf, void *recvbuf, const int recvcounts[],
                                  MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                  HMPI_Request *request);

/**
 * \brief `MPI_Barrier` with hmpi's algorithms. Collective.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] comm communicator
 */
HMPI_API int HMPI_Barrier(MPI_Comm comm);
/**
 * \brief `MPI_Bcast` with hmpi's algorithms. Collective.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in,out] buffer data: sent by the root, received by the others
 * \param[in] count number of elements
 * \param[in] datatype datatype of the elements
 * \param[in] root rank of the root in \p comm
 * \param[in] comm communicator
 */
HMPI_API int HMPI_Bcast(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm);
/**
 * \brief `MPI_Reduce` with hmpi's algorithms. Collective.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` where the MPI collective allows it)
 * \param[out] recvbuf receive buffer
 * \param[in] count number of elements
 * \param[in] datatype datatype of the elements
 * \param[in] op reduction operation
 * \param[in] root rank of the root in \p comm
 * \param[in] comm communicator
 */
HMPI_API int HMPI_Reduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                         MPI_Op op, int root, MPI_Comm comm);
/**
 * \brief `MPI_Allreduce` with hmpi's algorithms. Collective.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` where the MPI collective allows it)
 * \param[out] recvbuf receive buffer
 * \param[in] count number of elements
 * \param[in] datatype datatype of the elements
 * \param[in] op reduction operation
 * \param[in] comm communicator
 */
HMPI_API int HMPI_Allreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                            MPI_Op op, MPI_Comm comm);
/**
 * \brief `MPI_Gather` with hmpi's algorithms. Collective.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` where the MPI collective allows it)
 * \param[in] sendcount number of elements sent (per block)
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcount number of elements received (per block)
 * \param[in] recvtype datatype of the receive elements
 * \param[in] root rank of the root in \p comm
 * \param[in] comm communicator
 */
HMPI_API int HMPI_Gather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                         int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm);
/**
 * \brief `MPI_Scatter` with hmpi's algorithms. Collective.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` where the MPI collective allows it)
 * \param[in] sendcount number of elements sent (per block)
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcount number of elements received (per block)
 * \param[in] recvtype datatype of the receive elements
 * \param[in] root rank of the root in \p comm
 * \param[in] comm communicator
 */
HMPI_API int HMPI_Scatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                          int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm);
/**
 * \brief `MPI_Allgather` with hmpi's algorithms. Collective.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` where the MPI collective allows it)
 * \param[in] sendcount number of elements sent (per block)
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcount number of elements received (per block)
 * \param[in] recvtype datatype of the receive elements
 * \param[in] comm communicator
 */
HMPI_API int HMPI_Allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                            void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm);
/**
 * \brief `MPI_Alltoall` with hmpi's algorithms. Collective.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` where the MPI collective allows it)
 * \param[in] sendcount number of elements sent (per block)
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcount number of elements received (per block)
 * \param[in] recvtype datatype of the receive elements
 * \param[in] comm communicator
 */
HMPI_API int HMPI_Alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                           int recvcount, MPI_Datatype recvtype, MPI_Comm comm);
/**
 * \brief `MPI_Reduce_scatter_block` with hmpi's algorithms. Collective.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` where the MPI collective allows it)
 * \param[out] recvbuf receive buffer
 * \param[in] recvcount number of elements received (per block)
 * \param[in] datatype datatype of the elements
 * \param[in] op reduction operation
 * \param[in] comm communicator
 */
HMPI_API int HMPI_Reduce_scatter_block(const void *sendbuf, void *recvbuf, int recvcount,
                                       MPI_Datatype datatype, MPI_Op op, MPI_Comm comm);
/**
 * \brief `MPI_Scan` with hmpi's algorithms. Collective.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer, or `MPI_IN_PLACE`
 * \param[out] recvbuf receive buffer
 * \param[in] count number of elements
 * \param[in] datatype datatype of the elements
 * \param[in] op reduction operation
 * \param[in] comm communicator
 */
HMPI_API int HMPI_Scan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                       MPI_Op op, MPI_Comm comm);
/**
 * \brief `MPI_Exscan` with hmpi's algorithms. Collective.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer, or `MPI_IN_PLACE`
 * \param[out] recvbuf receive buffer (not touched on rank 0)
 * \param[in] count number of elements
 * \param[in] datatype datatype of the elements
 * \param[in] op reduction operation
 * \param[in] comm communicator
 */
HMPI_API int HMPI_Exscan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                         MPI_Op op, MPI_Comm comm);
/**
 * \brief `MPI_Gatherv` with hmpi's algorithms. Collective.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` at the root: its block is in place)
 * \param[in] sendcount number of elements sent
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer (significant at the root)
 * \param[in] recvcounts elements received from each process (root)
 * \param[in] displs where each process's block goes, in extents of recvtype (root)
 * \param[in] recvtype datatype of the receive elements (root)
 * \param[in] root rank of the root
 * \param[in] comm communicator
 */
HMPI_API int HMPI_Gatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                          const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                          int root, MPI_Comm comm);
/**
 * \brief `MPI_Scatterv` with hmpi's algorithms. Collective.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer (significant at the root)
 * \param[in] sendcounts elements sent to each process (root)
 * \param[in] displs where each process's block is, in extents of sendtype (root)
 * \param[in] sendtype datatype of the send elements (root)
 * \param[out] recvbuf receive buffer (`MPI_IN_PLACE` at the root)
 * \param[in] recvcount number of elements received
 * \param[in] recvtype datatype of the receive elements
 * \param[in] root rank of the root
 * \param[in] comm communicator
 */
HMPI_API int HMPI_Scatterv(const void *sendbuf, const int sendcounts[], const int displs[],
                           MPI_Datatype sendtype, void *recvbuf, int recvcount,
                           MPI_Datatype recvtype, int root, MPI_Comm comm);
/**
 * \brief `MPI_Allgatherv` with hmpi's algorithms. Collective.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer, or `MPI_IN_PLACE` (the own block is in place)
 * \param[in] sendcount number of elements sent
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcounts elements received from each process
 * \param[in] displs where each process's block goes, in extents of recvtype
 * \param[in] recvtype datatype of the receive elements
 * \param[in] comm communicator
 */
HMPI_API int HMPI_Allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                             void *recvbuf, const int recvcounts[], const int displs[],
                             MPI_Datatype recvtype, MPI_Comm comm);
/**
 * \brief `MPI_Alltoallv` with hmpi's algorithms. Collective.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer, or `MPI_IN_PLACE` (the data is in recvbuf, laid out as received)
 * \param[in] sendcounts elements sent to each process
 * \param[in] sdispls where each block to send is, in extents of sendtype
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcounts elements received from each process
 * \param[in] rdispls where each received block goes, in extents of recvtype
 * \param[in] recvtype datatype of the receive elements
 * \param[in] comm communicator
 */
HMPI_API int HMPI_Alltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[],
                            MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                            const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm);
/**
 * \brief `MPI_Alltoallw` with hmpi's algorithms. Collective.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer, or `MPI_IN_PLACE`
 * \param[in] sendcounts elements sent to each process
 * \param[in] sdispls where each block to send is, in bytes
 * \param[in] sendtypes datatype of the elements sent to each process
 * \param[out] recvbuf receive buffer
 * \param[in] recvcounts elements received from each process
 * \param[in] rdispls where each received block goes, in bytes
 * \param[in] recvtypes datatype of the elements received from each process
 * \param[in] comm communicator
 */
HMPI_API int HMPI_Alltoallw(const void *sendbuf, const int sendcounts[], const int sdispls[],
                            const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
                            const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm);
/**
 * \brief `MPI_Reduce_scatter` with hmpi's algorithms. Collective.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer (the whole vector), or `MPI_IN_PLACE` (it is then in recvbuf)
 * \param[out] recvbuf receive buffer: this process's part
 * \param[in] recvcounts elements of each process's part
 * \param[in] datatype datatype of the elements
 * \param[in] op reduction operation (applied in rank order; need not commute)
 * \param[in] comm communicator
 */
HMPI_API int HMPI_Reduce_scatter(const void *sendbuf, void *recvbuf, const int recvcounts[],
                                 MPI_Datatype datatype, MPI_Op op, MPI_Comm comm);

/**
 * \brief Rounds and point-to-point requests of a request's schedule (for
 * tests and tuning). Local.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] request a request
 * \param[out] rounds rounds of the schedule
 * \param[out] messages point-to-point messages per run
 */
HMPI_API int HMPI_Request_get_schedule_info(HMPI_Request request, int *rounds, int *messages);

/** @} */

/**
 * \defgroup hmpi_iso Isomorphic, sparse collectives
 * \brief Neighbourhoods given as relative offsets on a Cartesian communicator,
 * identical on every process (Träff et al. 2015, 2016), and their
 * collectives: blocking, nonblocking (`HMPI_Iso_ineighbor_...`) and
 * persistent (`HMPI_Iso_neighbor_..._init`).
 *
 * Neighbour i of the calling process sends to `me + C_i` and receives from
 * `me - C_i` (modulo the size of periodic dimensions; `MPI_PROC_NULL` out of
 * range in the others). Buffer block i belongs to neighbour i; blocks of
 * `MPI_PROC_NULL` neighbours are not touched. Results are those of the
 * `MPI_Neighbor_...` collective over the equivalent
 * `MPI_Dist_graph_create_adjacent` communicator (repeated neighbours matched in
 * order), including periodic dimensions of size 1 and 2.
 *
 * Algorithms (info `hmpi_iso_algorithm` of `_init` calls, or the environment
 * variable `HMPI_ISO_ALGORITHM`): `direct` (one message per neighbour; info
 * `hmpi_iso_ports` = k posts them k at a time, ⌈s/k⌉ rounds), `dimensional`
 * (messages combined along the dimensions: a radius-1 Moore neighbourhood in
 * d dimensions takes 2d messages), `logarithmic` (combined along powers of two
 * in each dimension, Bruck-like), `auto` (a cost model of messages and
 * volume: combining for small blocks, direct for large ones). The combining
 * algorithms forward blocks through other processes; for the `v` and `w`
 * variants they need block i to have the same size on every process where it
 * exists (`auto` checks, with one allreduce, and falls back to direct).
 * @{
 */
/**
 * \brief The rank at offset `relative` from the caller (`MPI_PROC_NULL` out of a
 * non-periodic dimension). Local.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] cartcomm communicator with a Cartesian topology
 * \param[in] relative offset, one entry per dimension
 * \param[out] rank the rank, or `MPI_PROC_NULL`
 */
HMPI_API int HMPI_Cart_relative_rank(MPI_Comm cartcomm, const int relative[], int *rank);
/**
 * \brief The offset of `rank` from the caller (per dimension, coordinate
 * difference; in periodic dimensions the representative in (-d/2, d/2]). Local.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] cartcomm communicator with a Cartesian topology
 * \param[in] rank a rank of \p cartcomm
 * \param[out] relative its offset from the caller, one entry per dimension
 */
HMPI_API int HMPI_Cart_relative_coord(MPI_Comm cartcomm, int rank, int relative[]);
/**
 * \brief Generalised `MPI_Cart_shift`: `*target` = me + relative, `*source` = me - relative.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] cartcomm communicator with a Cartesian topology
 * \param[in] relative offset, one entry per dimension
 * \param[out] source rank at `me - relative`, or `MPI_PROC_NULL`
 * \param[out] target rank at `me + relative`, or `MPI_PROC_NULL`
 */
HMPI_API int HMPI_Cart_relative_shift(MPI_Comm cartcomm, const int relative[], int *source,
                                      int *target);
/**
 * \brief Attach the neighbourhood of `s` offsets (`s * ndims` ints, the same on every
 * process) to `cartcomm` and return it as `*isocomm` (the same communicator).
 * Collective; only the first call on a communicator communicates.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] cartcomm communicator with a Cartesian topology
 * \param[in] s number of offsets
 * \param[in] relative_coordinates the offsets, `s * ndims` integers, identical on every process
 * \param[out] isocomm \p cartcomm itself, now carrying the neighbourhood
 */
HMPI_API int HMPI_Iso_neighborhood_create(MPI_Comm cartcomm, int s,
                                          const int relative_coordinates[], MPI_Comm *isocomm);
/**
 * \brief Neighbourhood size, and the numbers of actual sources and targets.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] isocomm Cartesian communicator carrying an isomorphic neighbourhood
 *     (HMPI_Iso_neighborhood_create())
 * \param[out] s number of offsets
 * \param[out] indegree number of actual sources
 * \param[out] outdegree number of actual targets
 */
HMPI_API int HMPI_Iso_neighborhood_count(MPI_Comm isocomm, int *s, int *indegree, int *outdegree);
/**
 * \brief The first `max_s` sources and targets, `MPI_PROC_NULL` ones included.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] isocomm Cartesian communicator carrying an isomorphic neighbourhood
 *     (HMPI_Iso_neighborhood_create())
 * \param[in] max_s capacity of \p sources and \p destinations
 * \param[out] sources source ranks
 * \param[out] destinations target ranks
 */
HMPI_API int HMPI_Iso_neighborhood_get(MPI_Comm isocomm, int max_s, int sources[],
                                       int destinations[]);
/**
 * \brief The actual sources and targets only (for `MPI_Dist_graph_create_adjacent`).
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] isocomm Cartesian communicator carrying an isomorphic neighbourhood
 *     (HMPI_Iso_neighborhood_create())
 * \param[in] max_s capacity of \p sources and \p destinations
 * \param[out] sources source ranks
 * \param[out] destinations target ranks
 */
HMPI_API int HMPI_Iso_neighborhood_graph_get(MPI_Comm isocomm, int max_s, int sources[],
                                             int destinations[]);
/**
 * \brief MPI's own Cartesian neighbourhood (MPI standard §7.6 order), counted.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] cartcomm communicator with a Cartesian topology
 * \param[out] s 2 * ndims
 * \param[out] indegree number of actual sources
 * \param[out] outdegree number of actual targets
 */
HMPI_API int HMPI_Cart_neighborhood_count(MPI_Comm cartcomm, int *s, int *indegree, int *outdegree);
/**
 * \brief MPI's own Cartesian neighbourhood, `MPI_PROC_NULL` ones included.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] cartcomm communicator with a Cartesian topology
 * \param[in] max_s capacity of \p sources and \p destinations
 * \param[out] sources source ranks
 * \param[out] destinations target ranks
 */
HMPI_API int HMPI_Cart_neighborhood_get(MPI_Comm cartcomm, int max_s, int sources[],
                                        int destinations[]);
/**
 * \brief MPI's own Cartesian neighbourhood, actual neighbours only.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] cartcomm communicator with a Cartesian topology
 * \param[in] max_s capacity of \p sources and \p destinations
 * \param[out] sources source ranks
 * \param[out] destinations target ranks
 */
HMPI_API int HMPI_Cart_neighborhood_graph_get(MPI_Comm cartcomm, int max_s, int sources[],
                                              int destinations[]);

/**
 * \brief Block i of `sendbuf` to target i; block i of `recvbuf` from source i.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` where the MPI collective allows it)
 * \param[in] sendcount number of elements sent (per block)
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcount number of elements received (per block)
 * \param[in] recvtype datatype of the receive elements
 * \param[in] isocomm Cartesian communicator carrying an isomorphic neighbourhood
 *     (HMPI_Iso_neighborhood_create())
 */
HMPI_API int HMPI_Iso_neighbor_alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                        void *recvbuf, int recvcount, MPI_Datatype recvtype,
                                        MPI_Comm isocomm);
/**
 * \brief As alltoall, block i being `counts[i]` elements at `displs[i]` extents.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` where the MPI collective allows it)
 * \param[in] sendcounts `sendcounts[i]`: number of elements of send block i
 * \param[in] sdispls `sdispls[i]`: displacement of send block i (`v`: in extents of the send type;
 *     `w`: in bytes)
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcounts `recvcounts[i]`: number of elements of receive block i
 * \param[in] rdispls `rdispls[i]`: displacement of receive block i (`v`: in extents of the receive
 *     type; `w`: in bytes)
 * \param[in] recvtype datatype of the receive elements
 * \param[in] isocomm Cartesian communicator carrying an isomorphic neighbourhood
 *     (HMPI_Iso_neighborhood_create())
 */
HMPI_API int HMPI_Iso_neighbor_alltoallv(const void *sendbuf, const int sendcounts[],
                                         const int sdispls[], MPI_Datatype sendtype, void *recvbuf,
                                         const int recvcounts[], const int rdispls[],
                                         MPI_Datatype recvtype, MPI_Comm isocomm);
/**
 * \brief As alltoall, block i being `counts[i]` of `types[i]` at byte offset `displs[i]`.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` where the MPI collective allows it)
 * \param[in] sendcounts `sendcounts[i]`: number of elements of send block i
 * \param[in] sdispls `sdispls[i]`: displacement of send block i (`v`: in extents of the send type;
 *     `w`: in bytes)
 * \param[in] sendtypes `sendtypes[i]`: datatype of send block i
 * \param[out] recvbuf receive buffer
 * \param[in] recvcounts `recvcounts[i]`: number of elements of receive block i
 * \param[in] rdispls `rdispls[i]`: displacement of receive block i (`v`: in extents of the receive
 *     type; `w`: in bytes)
 * \param[in] recvtypes `recvtypes[i]`: datatype of receive block i
 * \param[in] isocomm Cartesian communicator carrying an isomorphic neighbourhood
 *     (HMPI_Iso_neighborhood_create())
 */
HMPI_API int HMPI_Iso_neighbor_alltoallw(const void *sendbuf, const int sendcounts[],
                                         const MPI_Aint sdispls[], const MPI_Datatype sendtypes[],
                                         void *recvbuf, const int recvcounts[],
                                         const MPI_Aint rdispls[], const MPI_Datatype recvtypes[],
                                         MPI_Comm isocomm);
/**
 * \brief The same block to every target; block i of `recvbuf` from source i.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` where the MPI collective allows it)
 * \param[in] sendcount number of elements sent (per block)
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcount number of elements received (per block)
 * \param[in] recvtype datatype of the receive elements
 * \param[in] isocomm Cartesian communicator carrying an isomorphic neighbourhood
 *     (HMPI_Iso_neighborhood_create())
 */
HMPI_API int HMPI_Iso_neighbor_allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                         void *recvbuf, int recvcount, MPI_Datatype recvtype,
                                         MPI_Comm isocomm);
/**
 * \brief As allgather, receive block i being `recvcounts[i]` elements at `displs[i]` extents.
 * Collective.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` where the MPI collective allows it)
 * \param[in] sendcount number of elements sent (per block)
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcounts `recvcounts[i]`: number of elements of receive block i
 * \param[in] displs `displs[i]`: displacement of receive block i, in extents of \p recvtype
 * \param[in] recvtype datatype of the receive elements
 * \param[in] isocomm Cartesian communicator carrying an isomorphic neighbourhood
 *     (HMPI_Iso_neighborhood_create())
 */
HMPI_API int HMPI_Iso_neighbor_allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                          void *recvbuf, const int recvcounts[], const int displs[],
                                          MPI_Datatype recvtype, MPI_Comm isocomm);
/**
 * \brief As allgather, receive block i being `recvcounts[i]` of `recvtypes[i]` at byte offset
 * `rdispls[i]`. Collective.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` where the MPI collective allows it)
 * \param[in] sendcount number of elements sent (per block)
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcounts `recvcounts[i]`: number of elements of receive block i
 * \param[in] rdispls `rdispls[i]`: displacement of receive block i (`v`: in extents of the receive
 *     type; `w`: in bytes)
 * \param[in] recvtypes `recvtypes[i]`: datatype of receive block i
 * \param[in] isocomm Cartesian communicator carrying an isomorphic neighbourhood
 *     (HMPI_Iso_neighborhood_create())
 */
HMPI_API int HMPI_Iso_neighbor_allgatherw(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                          void *recvbuf, const int recvcounts[],
                                          const MPI_Aint rdispls[], const MPI_Datatype recvtypes[],
                                          MPI_Comm isocomm);
/**
 * \brief `recvbuf` = the reduction (commutative `op`) of the actual sources'
 * `sendbuf`s; untouched when there is none.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf the caller's vector, for every target
 * \param[out] recvbuf the reduction of the sources' vectors
 * \param[in] count number of elements
 * \param[in] datatype datatype of the elements
 * \param[in] op reduction operation
 * \param[in] isocomm Cartesian communicator carrying an isomorphic neighbourhood
 *     (HMPI_Iso_neighborhood_create())
 */
HMPI_API int HMPI_Iso_neighbor_reduce(const void *sendbuf, void *recvbuf, int count,
                                      MPI_Datatype datatype, MPI_Op op, MPI_Comm isocomm);
/**
 * \brief As reduce, a different vector (block i) for each target.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` where the MPI collective allows it)
 * \param[in] sendcounts `sendcounts[i]`: number of elements of send block i
 * \param[in] sdispls `sdispls[i]`: displacement of send block i (`v`: in extents of the send type;
 *     `w`: in bytes)
 * \param[in] sendtypes `sendtypes[i]`: datatype of send block i
 * \param[out] recvbuf the reduction of the blocks received
 * \param[in] count number of elements
 * \param[in] datatype datatype of the elements
 * \param[in] op reduction operation
 * \param[in] isocomm Cartesian communicator carrying an isomorphic neighbourhood
 *     (HMPI_Iso_neighborhood_create())
 */
HMPI_API int HMPI_Iso_neighbor_scatter_reduce(const void *sendbuf, const int sendcounts[],
                                              const MPI_Aint sdispls[],
                                              const MPI_Datatype sendtypes[], void *recvbuf,
                                              int count, MPI_Datatype datatype, MPI_Op op,
                                              MPI_Comm isocomm);

/**
 * \brief Nonblocking form of HMPI_Iso_neighbor_alltoall(). Collective.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` where the MPI collective allows it)
 * \param[in] sendcount number of elements sent (per block)
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcount number of elements received (per block)
 * \param[in] recvtype datatype of the receive elements
 * \param[in] isocomm Cartesian communicator carrying an isomorphic neighbourhood
 *     (HMPI_Iso_neighborhood_create())
 * \param[out] request the new request, active
 */
HMPI_API int HMPI_Iso_ineighbor_alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                         void *recvbuf, int recvcount, MPI_Datatype recvtype,
                                         MPI_Comm isocomm, HMPI_Request *request);
/**
 * \brief Nonblocking form of HMPI_Iso_neighbor_alltoallv(). Collective.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` where the MPI collective allows it)
 * \param[in] sendcounts `sendcounts[i]`: number of elements of send block i
 * \param[in] sdispls `sdispls[i]`: displacement of send block i (`v`: in extents of the send type;
 *     `w`: in bytes)
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcounts `recvcounts[i]`: number of elements of receive block i
 * \param[in] rdispls `rdispls[i]`: displacement of receive block i (`v`: in extents of the receive
 *     type; `w`: in bytes)
 * \param[in] recvtype datatype of the receive elements
 * \param[in] isocomm Cartesian communicator carrying an isomorphic neighbourhood
 *     (HMPI_Iso_neighborhood_create())
 * \param[out] request the new request, active
 */
HMPI_API int HMPI_Iso_ineighbor_alltoallv(const void *sendbuf, const int sendcounts[],
                                          const int sdispls[], MPI_Datatype sendtype, void *recvbuf,
                                          const int recvcounts[], const int rdispls[],
                                          MPI_Datatype recvtype, MPI_Comm isocomm,
                                          HMPI_Request *request);
/**
 * \brief Nonblocking form of HMPI_Iso_neighbor_alltoallw(). Collective.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` where the MPI collective allows it)
 * \param[in] sendcounts `sendcounts[i]`: number of elements of send block i
 * \param[in] sdispls `sdispls[i]`: displacement of send block i (`v`: in extents of the send type;
 *     `w`: in bytes)
 * \param[in] sendtypes `sendtypes[i]`: datatype of send block i
 * \param[out] recvbuf receive buffer
 * \param[in] recvcounts `recvcounts[i]`: number of elements of receive block i
 * \param[in] rdispls `rdispls[i]`: displacement of receive block i (`v`: in extents of the receive
 *     type; `w`: in bytes)
 * \param[in] recvtypes `recvtypes[i]`: datatype of receive block i
 * \param[in] isocomm Cartesian communicator carrying an isomorphic neighbourhood
 *     (HMPI_Iso_neighborhood_create())
 * \param[out] request the new request, active
 */
HMPI_API int HMPI_Iso_ineighbor_alltoallw(const void *sendbuf, const int sendcounts[],
                                          const MPI_Aint sdispls[], const MPI_Datatype sendtypes[],
                                          void *recvbuf, const int recvcounts[],
                                          const MPI_Aint rdispls[], const MPI_Datatype recvtypes[],
                                          MPI_Comm isocomm, HMPI_Request *request);
/**
 * \brief Nonblocking form of HMPI_Iso_neighbor_allgather(). Collective.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` where the MPI collective allows it)
 * \param[in] sendcount number of elements sent (per block)
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcount number of elements received (per block)
 * \param[in] recvtype datatype of the receive elements
 * \param[in] isocomm Cartesian communicator carrying an isomorphic neighbourhood
 *     (HMPI_Iso_neighborhood_create())
 * \param[out] request the new request, active
 */
HMPI_API int HMPI_Iso_ineighbor_allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                          void *recvbuf, int recvcount, MPI_Datatype recvtype,
                                          MPI_Comm isocomm, HMPI_Request *request);
/**
 * \brief Nonblocking form of HMPI_Iso_neighbor_allgatherv(). Collective.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` where the MPI collective allows it)
 * \param[in] sendcount number of elements sent (per block)
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcounts `recvcounts[i]`: number of elements of receive block i
 * \param[in] displs `displs[i]`: displacement of receive block i, in extents of \p recvtype
 * \param[in] recvtype datatype of the receive elements
 * \param[in] isocomm Cartesian communicator carrying an isomorphic neighbourhood
 *     (HMPI_Iso_neighborhood_create())
 * \param[out] request the new request, active
 */
HMPI_API int HMPI_Iso_ineighbor_allgatherv(const void *sendbuf, int sendcount,
                                           MPI_Datatype sendtype, void *recvbuf,
                                           const int recvcounts[], const int displs[],
                                           MPI_Datatype recvtype, MPI_Comm isocomm,
                                           HMPI_Request *request);
/**
 * \brief Nonblocking form of HMPI_Iso_neighbor_allgatherw(). Collective.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` where the MPI collective allows it)
 * \param[in] sendcount number of elements sent (per block)
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcounts `recvcounts[i]`: number of elements of receive block i
 * \param[in] rdispls `rdispls[i]`: displacement of receive block i (`v`: in extents of the receive
 *     type; `w`: in bytes)
 * \param[in] recvtypes `recvtypes[i]`: datatype of receive block i
 * \param[in] isocomm Cartesian communicator carrying an isomorphic neighbourhood
 *     (HMPI_Iso_neighborhood_create())
 * \param[out] request the new request, active
 */
HMPI_API int HMPI_Iso_ineighbor_allgatherw(const void *sendbuf, int sendcount,
                                           MPI_Datatype sendtype, void *recvbuf,
                                           const int recvcounts[], const MPI_Aint rdispls[],
                                           const MPI_Datatype recvtypes[], MPI_Comm isocomm,
                                           HMPI_Request *request);
/**
 * \brief Nonblocking form of HMPI_Iso_neighbor_reduce(). Collective.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` where the MPI collective allows it)
 * \param[out] recvbuf receive buffer
 * \param[in] count number of elements
 * \param[in] datatype datatype of the elements
 * \param[in] op reduction operation
 * \param[in] isocomm Cartesian communicator carrying an isomorphic neighbourhood
 *     (HMPI_Iso_neighborhood_create())
 * \param[out] request the new request, active
 */
HMPI_API int HMPI_Iso_ineighbor_reduce(const void *sendbuf, void *recvbuf, int count,
                                       MPI_Datatype datatype, MPI_Op op, MPI_Comm isocomm,
                                       HMPI_Request *request);
/**
 * \brief Nonblocking form of HMPI_Iso_neighbor_scatter_reduce(). Collective.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` where the MPI collective allows it)
 * \param[in] sendcounts `sendcounts[i]`: number of elements of send block i
 * \param[in] sdispls `sdispls[i]`: displacement of send block i (`v`: in extents of the send type;
 *     `w`: in bytes)
 * \param[in] sendtypes `sendtypes[i]`: datatype of send block i
 * \param[out] recvbuf receive buffer
 * \param[in] count number of elements
 * \param[in] datatype datatype of the elements
 * \param[in] op reduction operation
 * \param[in] isocomm Cartesian communicator carrying an isomorphic neighbourhood
 *     (HMPI_Iso_neighborhood_create())
 * \param[out] request the new request, active
 */
HMPI_API int HMPI_Iso_ineighbor_scatter_reduce(const void *sendbuf, const int sendcounts[],
                                               const MPI_Aint sdispls[],
                                               const MPI_Datatype sendtypes[], void *recvbuf,
                                               int count, MPI_Datatype datatype, MPI_Op op,
                                               MPI_Comm isocomm, HMPI_Request *request);

/**
 * \brief Persistent form of HMPI_Iso_neighbor_alltoall(): the schedule is built here, once.
 * Collective.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` where the MPI collective allows it)
 * \param[in] sendcount number of elements sent (per block)
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcount number of elements received (per block)
 * \param[in] recvtype datatype of the receive elements
 * \param[in] isocomm Cartesian communicator carrying an isomorphic neighbourhood
 *     (HMPI_Iso_neighborhood_create())
 * \param[in] info hints, or `MPI_INFO_NULL` (keys listed by HMPI_Config_get())
 * \param[out] request the new request, active
 */
HMPI_API int HMPI_Iso_neighbor_alltoall_init(const void *sendbuf, int sendcount,
                                             MPI_Datatype sendtype, void *recvbuf, int recvcount,
                                             MPI_Datatype recvtype, MPI_Comm isocomm, MPI_Info info,
                                             HMPI_Request *request);
/**
 * \brief Persistent form of HMPI_Iso_neighbor_alltoallv(): the schedule is built here, once.
 * Collective.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` where the MPI collective allows it)
 * \param[in] sendcounts `sendcounts[i]`: number of elements of send block i
 * \param[in] sdispls `sdispls[i]`: displacement of send block i (`v`: in extents of the send type;
 *     `w`: in bytes)
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcounts `recvcounts[i]`: number of elements of receive block i
 * \param[in] rdispls `rdispls[i]`: displacement of receive block i (`v`: in extents of the receive
 *     type; `w`: in bytes)
 * \param[in] recvtype datatype of the receive elements
 * \param[in] isocomm Cartesian communicator carrying an isomorphic neighbourhood
 *     (HMPI_Iso_neighborhood_create())
 * \param[in] info hints, or `MPI_INFO_NULL` (keys listed by HMPI_Config_get())
 * \param[out] request the new request, active
 */
HMPI_API int HMPI_Iso_neighbor_alltoallv_init(const void *sendbuf, const int sendcounts[],
                                              const int sdispls[], MPI_Datatype sendtype,
                                              void *recvbuf, const int recvcounts[],
                                              const int rdispls[], MPI_Datatype recvtype,
                                              MPI_Comm isocomm, MPI_Info info,
                                              HMPI_Request *request);
/**
 * \brief Persistent form of HMPI_Iso_neighbor_alltoallw(): the schedule is built here, once.
 * Collective.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` where the MPI collective allows it)
 * \param[in] sendcounts `sendcounts[i]`: number of elements of send block i
 * \param[in] sdispls `sdispls[i]`: displacement of send block i (`v`: in extents of the send type;
 *     `w`: in bytes)
 * \param[in] sendtypes `sendtypes[i]`: datatype of send block i
 * \param[out] recvbuf receive buffer
 * \param[in] recvcounts `recvcounts[i]`: number of elements of receive block i
 * \param[in] rdispls `rdispls[i]`: displacement of receive block i (`v`: in extents of the receive
 *     type; `w`: in bytes)
 * \param[in] recvtypes `recvtypes[i]`: datatype of receive block i
 * \param[in] isocomm Cartesian communicator carrying an isomorphic neighbourhood
 *     (HMPI_Iso_neighborhood_create())
 * \param[in] info hints, or `MPI_INFO_NULL` (keys listed by HMPI_Config_get())
 * \param[out] request the new request, active
 */
HMPI_API int HMPI_Iso_neighbor_alltoallw_init(const void *sendbuf, const int sendcounts[],
                                              const MPI_Aint sdispls[],
                                              const MPI_Datatype sendtypes[], void *recvbuf,
                                              const int recvcounts[], const MPI_Aint rdispls[],
                                              const MPI_Datatype recvtypes[], MPI_Comm isocomm,
                                              MPI_Info info, HMPI_Request *request);
/**
 * \brief Persistent form of HMPI_Iso_neighbor_allgather(): the schedule is built here, once.
 * Collective.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` where the MPI collective allows it)
 * \param[in] sendcount number of elements sent (per block)
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcount number of elements received (per block)
 * \param[in] recvtype datatype of the receive elements
 * \param[in] isocomm Cartesian communicator carrying an isomorphic neighbourhood
 *     (HMPI_Iso_neighborhood_create())
 * \param[in] info hints, or `MPI_INFO_NULL` (keys listed by HMPI_Config_get())
 * \param[out] request the new request, active
 */
HMPI_API int HMPI_Iso_neighbor_allgather_init(const void *sendbuf, int sendcount,
                                              MPI_Datatype sendtype, void *recvbuf, int recvcount,
                                              MPI_Datatype recvtype, MPI_Comm isocomm,
                                              MPI_Info info, HMPI_Request *request);
/**
 * \brief Persistent form of HMPI_Iso_neighbor_allgatherv(): the schedule is built here, once.
 * Collective.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` where the MPI collective allows it)
 * \param[in] sendcount number of elements sent (per block)
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcounts `recvcounts[i]`: number of elements of receive block i
 * \param[in] displs `displs[i]`: displacement of receive block i, in extents of \p recvtype
 * \param[in] recvtype datatype of the receive elements
 * \param[in] isocomm Cartesian communicator carrying an isomorphic neighbourhood
 *     (HMPI_Iso_neighborhood_create())
 * \param[in] info hints, or `MPI_INFO_NULL` (keys listed by HMPI_Config_get())
 * \param[out] request the new request, active
 */
HMPI_API int HMPI_Iso_neighbor_allgatherv_init(const void *sendbuf, int sendcount,
                                               MPI_Datatype sendtype, void *recvbuf,
                                               const int recvcounts[], const int displs[],
                                               MPI_Datatype recvtype, MPI_Comm isocomm,
                                               MPI_Info info, HMPI_Request *request);
/**
 * \brief Persistent form of HMPI_Iso_neighbor_allgatherw(): the schedule is built here, once.
 * Collective.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` where the MPI collective allows it)
 * \param[in] sendcount number of elements sent (per block)
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcounts `recvcounts[i]`: number of elements of receive block i
 * \param[in] rdispls `rdispls[i]`: displacement of receive block i (`v`: in extents of the receive
 *     type; `w`: in bytes)
 * \param[in] recvtypes `recvtypes[i]`: datatype of receive block i
 * \param[in] isocomm Cartesian communicator carrying an isomorphic neighbourhood
 *     (HMPI_Iso_neighborhood_create())
 * \param[in] info hints, or `MPI_INFO_NULL` (keys listed by HMPI_Config_get())
 * \param[out] request the new request, active
 */
HMPI_API int HMPI_Iso_neighbor_allgatherw_init(const void *sendbuf, int sendcount,
                                               MPI_Datatype sendtype, void *recvbuf,
                                               const int recvcounts[], const MPI_Aint rdispls[],
                                               const MPI_Datatype recvtypes[], MPI_Comm isocomm,
                                               MPI_Info info, HMPI_Request *request);
/**
 * \brief Persistent form of HMPI_Iso_neighbor_reduce(): the schedule is built here, once.
 * Collective.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` where the MPI collective allows it)
 * \param[out] recvbuf receive buffer
 * \param[in] count number of elements
 * \param[in] datatype datatype of the elements
 * \param[in] op reduction operation
 * \param[in] isocomm Cartesian communicator carrying an isomorphic neighbourhood
 *     (HMPI_Iso_neighborhood_create())
 * \param[in] info hints, or `MPI_INFO_NULL` (keys listed by HMPI_Config_get())
 * \param[out] request the new request, active
 */
HMPI_API int HMPI_Iso_neighbor_reduce_init(const void *sendbuf, void *recvbuf, int count,
                                           MPI_Datatype datatype, MPI_Op op, MPI_Comm isocomm,
                                           MPI_Info info, HMPI_Request *request);
/**
 * \brief Persistent form of HMPI_Iso_neighbor_scatter_reduce(): the schedule is built here, once.
 * Collective.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` where the MPI collective allows it)
 * \param[in] sendcounts `sendcounts[i]`: number of elements of send block i
 * \param[in] sdispls `sdispls[i]`: displacement of send block i (`v`: in extents of the send type;
 *     `w`: in bytes)
 * \param[in] sendtypes `sendtypes[i]`: datatype of send block i
 * \param[out] recvbuf receive buffer
 * \param[in] count number of elements
 * \param[in] datatype datatype of the elements
 * \param[in] op reduction operation
 * \param[in] isocomm Cartesian communicator carrying an isomorphic neighbourhood
 *     (HMPI_Iso_neighborhood_create())
 * \param[in] info hints, or `MPI_INFO_NULL` (keys listed by HMPI_Config_get())
 * \param[out] request the new request, active
 */
HMPI_API int HMPI_Iso_neighbor_scatter_reduce_init(const void *sendbuf, const int sendcounts[],
                                                   const MPI_Aint sdispls[],
                                                   const MPI_Datatype sendtypes[], void *recvbuf,
                                                   int count, MPI_Datatype datatype, MPI_Op op,
                                                   MPI_Comm isocomm, MPI_Info info,
                                                   HMPI_Request *request);

/**
 * \brief `count` blocks of `oldtype`: block i has `firstblock + i * blockincrement`
 * elements and starts `i * stride + strideincrement * i * (i - 1) / 2` extents
 * after block 0 (a triangle when the increments are ±1). Lower bound and
 * extent are those of the equivalent `MPI_Type_indexed`. Not committed.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] count number of elements
 * \param[in] firstblock elements of block 0
 * \param[in] blockincrement elements added to each next block
 * \param[in] stride displacement of block 1, in extents of \p oldtype
 * \param[in] strideincrement added to the stride after each block
 * \param[in] oldtype datatype of the elements
 * \param[out] newtype the new datatype (not committed)
 */
HMPI_API int HMPI_Type_create_triangular(int count, int firstblock, int blockincrement, int stride,
                                         int strideincrement, MPI_Datatype oldtype,
                                         MPI_Datatype *newtype);

/** @} */

/**
 * \defgroup hmpi_neighbor Neighbourhood collectives on MPI topologies
 * \brief MPI's `MPI_Neighbor_allgather(v)` and `MPI_Neighbor_alltoall(v,w)` on
 * communicators with a Cartesian, graph or distributed-graph topology, in
 * three forms: blocking, nonblocking (`HMPI_Ineighbor_...`) and persistent
 * (`HMPI_Neighbor_..._init`: MPI 4.0's `MPI_Neighbor_..._init` on any MPI
 * library).
 *
 * The neighbours are those of MPI's topology queries, in their order:
 * `MPI_Cart_shift(comm, d, 1)` for each dimension d (source, then
 * destination; the blocks of `MPI_PROC_NULL` neighbours are not touched),
 * `MPI_Graph_neighbors`, `MPI_Dist_graph_neighbors`. Matching follows
 * MPI 4.0 (an erratum of MPI 3.1): on a Cartesian communicator the block sent
 * towards `-e_d` arrives as the block from `+e_d` and the reverse, also when a
 * periodic dimension of size 1 or 2 makes both neighbours one process; on
 * graphs the k-th edge from one process to another matches the k-th edge the
 * other lists from it, repeated and self edges included.
 *
 * Cartesian communicators run the isomorphic algorithms (\ref hmpi_iso; info
 * key `hmpi_iso_algorithm`: `direct`, `dimensional`, `logarithmic` or
 * `auto`); graph communicators post every edge at once. Count, displacement
 * and type arrays are read at the call (at `_init` for persistent requests).
 * @{
 */

/**
 * \brief One send block to every destination; block i of `recvbuf` from source i.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer (not `MPI_IN_PLACE`)
 * \param[in] sendcount number of elements sent (per block)
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcount number of elements received (per block)
 * \param[in] recvtype datatype of the receive elements
 * \param[in] comm communicator with a Cartesian, graph or distributed-graph topology
 */
HMPI_API int HMPI_Neighbor_allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                     void *recvbuf, int recvcount, MPI_Datatype recvtype,
                                     MPI_Comm comm);
/**
 * \brief Nonblocking form of HMPI_Neighbor_allgather(). Collective.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer (not `MPI_IN_PLACE`)
 * \param[in] sendcount number of elements sent (per block)
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcount number of elements received (per block)
 * \param[in] recvtype datatype of the receive elements
 * \param[in] comm communicator with a Cartesian, graph or distributed-graph topology
 * \param[out] request the new request, active
 */
HMPI_API int HMPI_Ineighbor_allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                      void *recvbuf, int recvcount, MPI_Datatype recvtype,
                                      MPI_Comm comm, HMPI_Request *request);
/**
 * \brief Persistent form of HMPI_Neighbor_allgather(); the schedule is built here.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer (not `MPI_IN_PLACE`)
 * \param[in] sendcount number of elements sent (per block)
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcount number of elements received (per block)
 * \param[in] recvtype datatype of the receive elements
 * \param[in] comm communicator with a Cartesian, graph or distributed-graph topology
 * \param[in] info hints (Cartesian: the keys of \ref hmpi_iso, e.g. `hmpi_iso_algorithm`)
 * \param[out] request the new request, inactive (HMPI_Start() runs it)
 */
HMPI_API int HMPI_Neighbor_allgather_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                          void *recvbuf, int recvcount, MPI_Datatype recvtype,
                                          MPI_Comm comm, MPI_Info info, HMPI_Request *request);
/**
 * \brief As HMPI_Neighbor_allgather(), with receive blocks of their own sizes.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer (not `MPI_IN_PLACE`)
 * \param[in] sendcount number of elements sent (per block)
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcounts `recvcounts[i]`: elements of receive block i (from source i)
 * \param[in] displs `displs[i]`: displacement of receive block i
 * \param[in] recvtype datatype of the receive elements
 * \param[in] comm communicator with a Cartesian, graph or distributed-graph topology
 */
HMPI_API int HMPI_Neighbor_allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                      void *recvbuf, const int recvcounts[], const int displs[],
                                      MPI_Datatype recvtype, MPI_Comm comm);
/**
 * \brief Nonblocking form of HMPI_Neighbor_allgatherv(). Collective.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer (not `MPI_IN_PLACE`)
 * \param[in] sendcount number of elements sent (per block)
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcounts `recvcounts[i]`: elements of receive block i (from source i)
 * \param[in] displs `displs[i]`: displacement of receive block i
 * \param[in] recvtype datatype of the receive elements
 * \param[in] comm communicator with a Cartesian, graph or distributed-graph topology
 * \param[out] request the new request, active
 */
HMPI_API int HMPI_Ineighbor_allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                       void *recvbuf, const int recvcounts[], const int displs[],
                                       MPI_Datatype recvtype, MPI_Comm comm, HMPI_Request *request);
/**
 * \brief Persistent form of HMPI_Neighbor_allgatherv(); the schedule is built here.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer (not `MPI_IN_PLACE`)
 * \param[in] sendcount number of elements sent (per block)
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcounts `recvcounts[i]`: elements of receive block i (from source i)
 * \param[in] displs `displs[i]`: displacement of receive block i
 * \param[in] recvtype datatype of the receive elements
 * \param[in] comm communicator with a Cartesian, graph or distributed-graph topology
 * \param[in] info hints (Cartesian: the keys of \ref hmpi_iso, e.g. `hmpi_iso_algorithm`)
 * \param[out] request the new request, inactive (HMPI_Start() runs it)
 */
HMPI_API int HMPI_Neighbor_allgatherv_init(const void *sendbuf, int sendcount,
                                           MPI_Datatype sendtype, void *recvbuf,
                                           const int recvcounts[], const int displs[],
                                           MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                           HMPI_Request *request);
/**
 * \brief Block i of `sendbuf` to destination i; block i of `recvbuf` from source i.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer (not `MPI_IN_PLACE`)
 * \param[in] sendcount number of elements sent (per block)
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcount number of elements received (per block)
 * \param[in] recvtype datatype of the receive elements
 * \param[in] comm communicator with a Cartesian, graph or distributed-graph topology
 */
HMPI_API int HMPI_Neighbor_alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                    void *recvbuf, int recvcount, MPI_Datatype recvtype,
                                    MPI_Comm comm);
/**
 * \brief Nonblocking form of HMPI_Neighbor_alltoall(). Collective.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer (not `MPI_IN_PLACE`)
 * \param[in] sendcount number of elements sent (per block)
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcount number of elements received (per block)
 * \param[in] recvtype datatype of the receive elements
 * \param[in] comm communicator with a Cartesian, graph or distributed-graph topology
 * \param[out] request the new request, active
 */
HMPI_API int HMPI_Ineighbor_alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                     void *recvbuf, int recvcount, MPI_Datatype recvtype,
                                     MPI_Comm comm, HMPI_Request *request);
/**
 * \brief Persistent form of HMPI_Neighbor_alltoall(); the schedule is built here.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer (not `MPI_IN_PLACE`)
 * \param[in] sendcount number of elements sent (per block)
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcount number of elements received (per block)
 * \param[in] recvtype datatype of the receive elements
 * \param[in] comm communicator with a Cartesian, graph or distributed-graph topology
 * \param[in] info hints (Cartesian: the keys of \ref hmpi_iso, e.g. `hmpi_iso_algorithm`)
 * \param[out] request the new request, inactive (HMPI_Start() runs it)
 */
HMPI_API int HMPI_Neighbor_alltoall_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                         void *recvbuf, int recvcount, MPI_Datatype recvtype,
                                         MPI_Comm comm, MPI_Info info, HMPI_Request *request);
/**
 * \brief As HMPI_Neighbor_alltoall(), with blocks of their own sizes.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer (not `MPI_IN_PLACE`)
 * \param[in] sendcounts `sendcounts[i]`: elements of send block i (to destination i)
 * \param[in] sdispls `sdispls[i]`: displacement of send block i
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcounts `recvcounts[i]`: elements of receive block i (from source i)
 * \param[in] rdispls `rdispls[i]`: displacement of receive block i
 * \param[in] recvtype datatype of the receive elements
 * \param[in] comm communicator with a Cartesian, graph or distributed-graph topology
 */
HMPI_API int HMPI_Neighbor_alltoallv(const void *sendbuf, const int sendcounts[],
                                     const int sdispls[], MPI_Datatype sendtype, void *recvbuf,
                                     const int recvcounts[], const int rdispls[],
                                     MPI_Datatype recvtype, MPI_Comm comm);
/**
 * \brief Nonblocking form of HMPI_Neighbor_alltoallv(). Collective.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer (not `MPI_IN_PLACE`)
 * \param[in] sendcounts `sendcounts[i]`: elements of send block i (to destination i)
 * \param[in] sdispls `sdispls[i]`: displacement of send block i
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcounts `recvcounts[i]`: elements of receive block i (from source i)
 * \param[in] rdispls `rdispls[i]`: displacement of receive block i
 * \param[in] recvtype datatype of the receive elements
 * \param[in] comm communicator with a Cartesian, graph or distributed-graph topology
 * \param[out] request the new request, active
 */
HMPI_API int HMPI_Ineighbor_alltoallv(const void *sendbuf, const int sendcounts[],
                                      const int sdispls[], MPI_Datatype sendtype, void *recvbuf,
                                      const int recvcounts[], const int rdispls[],
                                      MPI_Datatype recvtype, MPI_Comm comm, HMPI_Request *request);
/**
 * \brief Persistent form of HMPI_Neighbor_alltoallv(); the schedule is built here.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer (not `MPI_IN_PLACE`)
 * \param[in] sendcounts `sendcounts[i]`: elements of send block i (to destination i)
 * \param[in] sdispls `sdispls[i]`: displacement of send block i
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcounts `recvcounts[i]`: elements of receive block i (from source i)
 * \param[in] rdispls `rdispls[i]`: displacement of receive block i
 * \param[in] recvtype datatype of the receive elements
 * \param[in] comm communicator with a Cartesian, graph or distributed-graph topology
 * \param[in] info hints (Cartesian: the keys of \ref hmpi_iso, e.g. `hmpi_iso_algorithm`)
 * \param[out] request the new request, inactive (HMPI_Start() runs it)
 */
HMPI_API int HMPI_Neighbor_alltoallv_init(const void *sendbuf, const int sendcounts[],
                                          const int sdispls[], MPI_Datatype sendtype, void *recvbuf,
                                          const int recvcounts[], const int rdispls[],
                                          MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                          HMPI_Request *request);
/**
 * \brief As HMPI_Neighbor_alltoallv(), each block with its own datatype.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer (not `MPI_IN_PLACE`)
 * \param[in] sendcounts `sendcounts[i]`: elements of send block i (to destination i)
 * \param[in] sdispls `sdispls[i]`: displacement of send block i, in bytes
 * \param[in] sendtypes `sendtypes[i]`: datatype of send block i
 * \param[out] recvbuf receive buffer
 * \param[in] recvcounts `recvcounts[i]`: elements of receive block i (from source i)
 * \param[in] rdispls `rdispls[i]`: displacement of receive block i, in bytes
 * \param[in] recvtypes `recvtypes[i]`: datatype of receive block i
 * \param[in] comm communicator with a Cartesian, graph or distributed-graph topology
 */
HMPI_API int HMPI_Neighbor_alltoallw(const void *sendbuf, const int sendcounts[],
                                     const MPI_Aint sdispls[], const MPI_Datatype sendtypes[],
                                     void *recvbuf, const int recvcounts[],
                                     const MPI_Aint rdispls[], const MPI_Datatype recvtypes[],
                                     MPI_Comm comm);
/**
 * \brief Nonblocking form of HMPI_Neighbor_alltoallw(). Collective.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer (not `MPI_IN_PLACE`)
 * \param[in] sendcounts `sendcounts[i]`: elements of send block i (to destination i)
 * \param[in] sdispls `sdispls[i]`: displacement of send block i, in bytes
 * \param[in] sendtypes `sendtypes[i]`: datatype of send block i
 * \param[out] recvbuf receive buffer
 * \param[in] recvcounts `recvcounts[i]`: elements of receive block i (from source i)
 * \param[in] rdispls `rdispls[i]`: displacement of receive block i, in bytes
 * \param[in] recvtypes `recvtypes[i]`: datatype of receive block i
 * \param[in] comm communicator with a Cartesian, graph or distributed-graph topology
 * \param[out] request the new request, active
 */
HMPI_API int HMPI_Ineighbor_alltoallw(const void *sendbuf, const int sendcounts[],
                                      const MPI_Aint sdispls[], const MPI_Datatype sendtypes[],
                                      void *recvbuf, const int recvcounts[],
                                      const MPI_Aint rdispls[], const MPI_Datatype recvtypes[],
                                      MPI_Comm comm, HMPI_Request *request);
/**
 * \brief Persistent form of HMPI_Neighbor_alltoallw(); the schedule is built here.
 * \return `MPI_SUCCESS`, or an MPI error code (see HMPI_Error_class())
 *
 * \param[in] sendbuf send buffer (not `MPI_IN_PLACE`)
 * \param[in] sendcounts `sendcounts[i]`: elements of send block i (to destination i)
 * \param[in] sdispls `sdispls[i]`: displacement of send block i, in bytes
 * \param[in] sendtypes `sendtypes[i]`: datatype of send block i
 * \param[out] recvbuf receive buffer
 * \param[in] recvcounts `recvcounts[i]`: elements of receive block i (from source i)
 * \param[in] rdispls `rdispls[i]`: displacement of receive block i, in bytes
 * \param[in] recvtypes `recvtypes[i]`: datatype of receive block i
 * \param[in] comm communicator with a Cartesian, graph or distributed-graph topology
 * \param[in] info hints (Cartesian: the keys of \ref hmpi_iso, e.g. `hmpi_iso_algorithm`)
 * \param[out] request the new request, inactive (HMPI_Start() runs it)
 */
HMPI_API int HMPI_Neighbor_alltoallw_init(const void *sendbuf, const int sendcounts[],
                                          const MPI_Aint sdispls[], const MPI_Datatype sendtypes[],
                                          void *recvbuf, const int recvcounts[],
                                          const MPI_Aint rdispls[], const MPI_Datatype recvtypes[],
                                          MPI_Comm comm, MPI_Info info, HMPI_Request *request);

/** @} */

#ifdef __cplusplus
}
#endif

#endif /* HMPI_H */
