# hmpi — two commands:
#   make demo    install what is missing, build, show the hierarchy and a measurement
#   make check   install what is missing, build with Open MPI and MPICH, run all tests
#   make simulate  the SimGrid study of the collectives at scale (long; see README)
#   make bench-node  hmpi's collectives inside this node against the MPI libraries'
#                  (every option they have; CSV, table, plot in build/bench-node)
#   make reproduce the papers' evaluations in SimGrid (doc/results.md; about 45 min)
BUILD   ?= build
MAKEFLAGS += --no-print-directory
JOBS    ?= 2
CMAKE_FLAGS ?= -DHMPI_WERROR=ON
OMPI_ENV = OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
           OMPI_MCA_rmaps_base_oversubscribe=1 OMPI_MCA_btl_vader_single_copy_mechanism=none
CLUSTER ?= share/clusters/goglin-4nodes.conf
NODE_RANKS ?= $(shell nproc)

.PHONY: all deps build build-openmpi build-mpich check check-openmpi check-mpich demo fuzz \
        doc format clean simulate demo-simulation reproduce bench-node

all: build

deps:
	@scripts/install-deps.sh

build: build-openmpi build-mpich

build-openmpi: deps
	@cmake -S . -B $(BUILD)/openmpi -DMPI_C_COMPILER=mpicc.openmpi \
	  -DMPIEXEC_EXECUTABLE=/usr/bin/mpiexec.openmpi $(CMAKE_FLAGS) >/dev/null
	@cmake --build $(BUILD)/openmpi -j $(JOBS)

build-mpich: deps
	@cmake -S . -B $(BUILD)/mpich -DMPI_C_COMPILER=mpicc.mpich \
	  -DMPIEXEC_EXECUTABLE=/usr/bin/mpiexec.mpich $(CMAKE_FLAGS) >/dev/null
	@cmake --build $(BUILD)/mpich -j $(JOBS)

check-openmpi: build-openmpi
	-@cd $(BUILD)/openmpi && ctest --output-on-failure -j $(JOBS) 2>&1 | tee ../openmpi.log

check-mpich: build-mpich
	-@cd $(BUILD)/mpich && ctest --output-on-failure 2>&1 | tee ../mpich.log

check: check-openmpi check-mpich
	@echo
	@scripts/summarize-ctest.sh $(BUILD)/openmpi.log $(BUILD)/mpich.log

demo: build-openmpi build-mpich
	@echo "== The hierarchy of a 4-node virtual cluster ($(CLUSTER)), 32 ranks"
	@env $(OMPI_ENV) HMPI_TOPOLOGY=$(CURDIR)/$(CLUSTER) mpiexec.openmpi -n 32 \
	  $(BUILD)/openmpi/tools/hmpi-topo
	@echo
	@echo "== The hierarchy of this machine, 2 ranks bound to cores"
	@env $(OMPI_ENV) mpiexec.openmpi -n 2 --bind-to core $(BUILD)/openmpi/tools/hmpi-topo
	@echo
	@echo "== Building the whole hierarchy against plain MPI_Comm_split (virtual cluster, 32 ranks)"
	@env $(OMPI_ENV) HMPI_TOPOLOGY=$(CURDIR)/$(CLUSTER) mpiexec.openmpi -n 32 \
	  $(BUILD)/openmpi/bench/hierarchy --reps 15
	@echo
	@echo "== Against MPICH's own MPI_COMM_TYPE_HW_UNGUIDED (this machine, 4 ranks bound to cores)"
	@mpiexec.mpich -n 4 -bind-to core $(BUILD)/mpich/bench/hierarchy --reps 11
	@echo
	@echo "== The node: hmpi's collectives through its shared memory against Open MPI's"
	@echo "   (this machine, one rank per core; make bench-node: every collective and option)"
	@env $(OMPI_ENV) mpiexec.openmpi -n $(NODE_RANKS) --bind-to core $(BUILD)/openmpi/bench/node \
	  --colls barrier,bcast,reduce,allreduce --sizes 8,1024,8192,65536 --reps 200
	@echo
	@$(MAKE) demo-simulation

# A few seconds of SimGrid: 256 simulated ranks on a 16 x 16 fat tree whose
# messages cost CPU time, hmpi against SMPI's mpich selector (simulated
# microseconds).
demo-simulation: deps
	@echo "== Simulated: 256 ranks on a fat tree of 16 nodes x 16 cores, 0.3 us of CPU per message"
	@echo "   (SimGrid SMPI against its mpich selector; hmpi's built-in cost model, no tuning file)"
	@scripts/smpi-build.sh $(BUILD)/sim/scale bench/scale.c
	@scripts/sim-platform.sh fattree $(BUILD)/sim/demo 16 16 12.5GBps 0.25us
	@cp scripts/sim-overhead.cfg $(BUILD)/sim/demo/sim.cfg
	@scripts/sim-run.sh $(BUILD)/sim/demo 256 mpich \
	  $(BUILD)/sim/scale --colls bcast,allreduce \
	  --sizes 8192,1048576 --reps 1 --header 2>/dev/null | \
	  awk -F, 'NR == 1 { next } $$6 == "mpi" { m = $$7; next } \
	    { printf "  %-9s %8s bytes   MPI (mpich) %9.1f us   hmpi %9.1f us   ratio %.2f\n", \
	      $$4, $$5, m, $$7, $$7 / m }'

# The node benchmark: bench/node at this machine's core count under MPICH and
# Open MPI's tuned, coll/sm and HAN (scripts/bench-node.sh).
bench-node: build-openmpi build-mpich
	@scripts/install-deps.sh gnuplot-nox
	@BUILD=$(BUILD) scripts/bench-node.sh $(BUILD)/bench-node $(NODE_RANKS)

# The collectives at scale in SimGrid SMPI: platforms and virtual clusters
# from one description, hmpi against SMPI's selectors, CSV, summary, plots.
SIM_OUT ?= $(BUILD)/simulate
simulate: deps
	@scripts/simulate.sh $(SIM_OUT)

# The papers' evaluations on machines shaped like theirs (doc/results.md):
# CSV, tables and plots under $(REPRO_OUT); REPRO_STUDIES picks some.
REPRO_OUT ?= $(BUILD)/reproduce
reproduce: deps
	@scripts/reproduce.sh $(REPRO_OUT) $(REPRO_STUDIES)

# The API reference (Doxygen): every public symbol documented, no warning.
doc:
	@scripts/install-deps.sh doxygen
	@mkdir -p $(BUILD)/doc
	@HMPI_DOC_OUTPUT=$(BUILD)/doc doxygen doc/Doxyfile
	@echo "hmpi: API reference in $(BUILD)/doc/html/index.html"

fuzz: deps
	@scripts/fuzz.sh

format:
	@clang-format -i include/*.h src/*.h src/*/*.[ch] tools/*.c tests/*.[ch] bench/*.c examples/*.c

clean:
	rm -rf $(BUILD)
