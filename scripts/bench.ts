// npm run bench: the benchmark lives in scripts/bench/ (see docs/decisions/030-benchmark.md).
import './bench/run';
