// Helpers shared by the test targets (tmux harness, paths to ../shared, snapshots).
