# SportsTime — build, test and demo.
#   make demo   import the real 2024 MLB schedule into a fresh database and
#               print a real trip's itinerary
#   make test   run every test (unit, store, end-to-end CLI, Chromium), in two
#               parts side by side (scripts/test-in-parts; TEST_PARTS=1: one)
#   make golden rewrite the golden files (Tests/Golden) from the current build; review git diff
#   make bench  time the reorder engine against the seeds' rescanning, the
#               commands against their references (release; issue 9 targets)
#               and the planner against OR-Tools CP-SAT (issue 12)
#   make lint   check formatting and the no-force-unwrap rules (.swift-format)
#   make deps   install what is missing (scripts/install-deps; demo and test run it)
#   make fault-hunt  kill -9, concurrency, fuzz and odd-argv trials on the release build
SWIFT ?= swift
DATA ?= ../shared/data
# SwiftPM adds -color-diagnostics to every compile command when both stdout
# and stderr are a terminal, so a build on a terminal and one off it (CI, an
# IDE, a script) would rebuild the whole package in turn. Every build and
# test here writes through a pipe: one set of compile commands everywhere.
SHELL := /bin/bash
.SHELLFLAGS := -o pipefail -c
PIPED = 2>&1 | cat
# The shipped and benchmarked executables link the Swift runtime and
# Foundation statically: start-up about halves (no dynamic loading and
# relocation of the Swift libraries). One set of flags for every release
# target, so they share one build.
RELEASE = -c release --static-swift-stdlib

.PHONY: build release test golden demo bench lint format clean deps test-deps fault-hunt

# Installs only what is missing (Debian and Python packages); see the script.
deps:
	scripts/install-deps

test-deps:
	scripts/install-deps --test

build: deps
	$(SWIFT) build $(PIPED)

release: deps
	$(SWIFT) build $(RELEASE) --product sportstime $(PIPED)

# The Chromium suites beside the rest: each part's log is printed whole
# when it ends, then one line sums every part ("make test: Executed N
# tests, with M failures", read by .ci/run).
test: test-deps
	$(SWIFT) build --build-tests $(PIPED)
	SPORTSTIME_DATA=$(abspath $(DATA)) SWIFT=$(SWIFT) scripts/test-in-parts

# Rewrites Tests/Golden from the current build (the commands' outputs, and
# the server's answers in Tests/Golden/http: GoldenFileTests and
# HTTPGoldenFileTests). Both tests fail on purpose in this mode ("golden
# files rewritten"); any other failure fails the target.
# Review the change with git diff, then run make test.
golden: test-deps
	$(SWIFT) build --build-tests $(PIPED)
	SPORTSTIME_UPDATE_GOLDEN=1 SPORTSTIME_DATA=$(abspath $(DATA)) $(SWIFT) test --disable-swift-testing --skip-build --filter GoldenFileTests 2>&1 | tee .build/golden.log || true
	@grep -q 'golden files rewritten' .build/golden.log && ! grep ' error: ' .build/golden.log | grep -v -q 'golden files rewritten'
	@[ "$$(grep -c 'golden files rewritten' .build/golden.log)" = 2 ] || { echo 'make golden: the command and the HTTP golden files were not both rewritten'; exit 1; }
	git status --short Tests/Golden

demo: deps release
	DATA=$(DATA) BIN=$$($(SWIFT) build -c release --show-bin-path)/sportstime scripts/demo.sh

# Benchmarks are release builds that print figures; not part of make test.
# The planner's reference is OR-Tools CP-SAT (PyPI; install-deps --bench).
bench:
	scripts/install-deps --bench
	$(SWIFT) build $(RELEASE) --product sportstime $(PIPED)
	$(SWIFT) build $(RELEASE) --product sportstime-bench $(PIPED)
	SPORTSTIME_DATA=$(abspath $(DATA)) $$($(SWIFT) build -c release --show-bin-path)/sportstime-bench

# kill -9, concurrency, mutated files and odd command lines (minutes; not in make test).
fault-hunt: release
	python3 scripts/fault-hunt.py --bin $$($(SWIFT) build -c release --show-bin-path)/sportstime --data $(DATA)

lint:
	$(SWIFT) format lint --strict -r Sources Tests

format:
	$(SWIFT) format -i -r Sources Tests

clean:
	rm -rf .build
