"""Helpers of the test suite: fixture builders, strategies, oracles, the mutation fuzzer."""
