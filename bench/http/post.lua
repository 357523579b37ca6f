-- wrk script for bench/http/run.py: POST the body in $BENCH_BODY as JSON.
wrk.method = "POST"
wrk.body = os.getenv("BENCH_BODY")
wrk.headers["Content-Type"] = "application/json"
