# The `shogi` and `xiangqi` commands (the shogi-cli and xiangqi-cli crates), installed the way a
# user installs them.
#
#   cli-install-test  `cargo install --path shogi-cli --locked` into a temporary root; the
#                     installed `shogi --version` must print `shogi <workspace version>`, and
#                     the bundled sample game must replay from another directory. The build
#                     goes to CARGO_TARGET_DIR (cargo install keeps a target directory it is
#                     given), so what an earlier build made is reused: ~3.5 min from a cold
#                     target directory on a busy 2-core machine (a release build with LTO),
#                     a few seconds once built. Then the same for the `xiangqi` command
#                     (`cargo install --path xiangqi-cli --locked`): `xiangqi --version` must
#                     print `xiangqi <workspace version>`, and `xiangqi perft startpos 3` must
#                     count 79666.

CARGO_TARGET_DIR ?= $(CURDIR)/target

.PHONY: cli-install-test

cli-install-test:
	@TIMEFORMAT='==> cli-install-test took %0R s'; time { \
		root="$$(mktemp -d)"; \
		trap 'rm -rf "$$root"' EXIT; \
		CARGO_TARGET_DIR='$(CARGO_TARGET_DIR)' \
			$(CARGO) install --quiet --locked --path shogi-cli --root "$$root"; \
		version="$$("$$root/bin/shogi" --version)"; \
		if [ "$$version" != "shogi $(WORKSPACE_VERSION)" ]; then \
			echo "cli-install-test: 'shogi --version' printed '$$version'," \
				"not 'shogi $(WORKSPACE_VERSION)'" >&2; \
			exit 1; \
		fi; \
		sample="$$(cd "$$root" && bin/shogi)"; \
		if ! grep -qx 'the stated result and the rules agree' <<< "$$sample"; then \
			echo "cli-install-test: the installed shogi did not replay its sample game" >&2; \
			exit 1; \
		fi; \
		echo "cli-install-test: $$version installed and runs"; \
		CARGO_TARGET_DIR='$(CARGO_TARGET_DIR)' \
			$(CARGO) install --quiet --locked --path xiangqi-cli --root "$$root"; \
		version="$$("$$root/bin/xiangqi" --version)"; \
		if [ "$$version" != "xiangqi $(WORKSPACE_VERSION)" ]; then \
			echo "cli-install-test: 'xiangqi --version' printed '$$version'," \
				"not 'xiangqi $(WORKSPACE_VERSION)'" >&2; \
			exit 1; \
		fi; \
		perft="$$(cd "$$root" && bin/xiangqi perft startpos 3)"; \
		nodes="$$(head -n 1 <<< "$$perft")"; \
		if [ "$$nodes" != 79666 ]; then \
			echo "cli-install-test: 'xiangqi perft startpos 3' counted '$$nodes', not 79666" >&2; \
			exit 1; \
		fi; \
		echo "cli-install-test: $$version installed and runs"; \
	}
