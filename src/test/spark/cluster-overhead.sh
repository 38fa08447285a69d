#!/usr/bin/env bash
# What a Spark standalone cluster on this machine costs against one process (distributed.md, "A standalone cluster,
# measured"): a master and two workers of one core started from Maven's Spark jars as distributed.md says, then each
# job once in one process (java -jar target/tmeval.jar, 2 threads) and once on the cluster (SparkSubmit), each timed
# by /usr/bin/time, the two files compared with cmp, and the executors' CPU time read from Spark's event log.
# Jobs: the sample data's 300 held-out documents and a 20,000-document corpus (the 300 repeated, each copy's ids
# prefixed with its copy number), by PLAN, and the 20,000 by a plan of almost no work (one temperature, no burn-in),
# which leaves the costs that do not spread over executors: start-up, reading, shipping, collecting and writing.
# Usage, after mvn -B package -DskipTests:  src/test/spark/cluster-overhead.sh [OUTDIR]
# Ports: MASTER_PORT (7077), MASTER_UI (8080), WORKER_UI (8081 and the next one) from the environment.
set -euo pipefail
cd "$(dirname "$0")/../../.."
out=${1:-$(mktemp -d)}
mkdir -p "$out"
MASTER_PORT=${MASTER_PORT:-7077} MASTER_UI=${MASTER_UI:-8080} WORKER_UI=${WORKER_UI:-8081}
PLAN=${PLAN:-"--method ratio-convex --temperatures 20 --burn-in 3 --runs 2"}
MODELS="--model-a sample-data/model-asymmetric.tsv.gz --model-b sample-data/model-perturbed.tsv.gz"

[ -f spark-cp.txt ] || mvn -B -q dependency:build-classpath -Dmdep.includeScope=provided -Dmdep.outputFile=spark-cp.txt
OPENS=$(grep -o '<spark.add-opens>[^<]*' pom.xml | cut -d'>' -f2)
export SPARK_HOME=$out/spark-home SPARK_LOCAL_IP=127.0.0.1 SPARK_SCALA_VERSION=2.13
mkdir -p "$SPARK_HOME/jars" "$out/events"
ln -sf $(tr ':' ' ' < spark-cp.txt) "$SPARK_HOME/jars/"

zcat sample-data/kos-heldout.tokens.gz > "$out/sample.tokens"
for copy in $(seq 1 67); do sed "s/^/$copy-/" "$out/sample.tokens"; done | awk "NR <= 20000" > "$out/big.tokens"

pids=()
stop() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; }
trap stop EXIT
java $OPENS -cp "$SPARK_HOME/jars/*" org.apache.spark.deploy.master.Master --host 127.0.0.1 --port "$MASTER_PORT" \
    --webui-port "$MASTER_UI" > "$out/master.log" 2>&1 & pids+=($!)
for w in 1 2; do
  java $OPENS -cp "$SPARK_HOME/jars/*" org.apache.spark.deploy.worker.Worker "spark://127.0.0.1:$MASTER_PORT" --host 127.0.0.1 \
      --cores 1 --memory 1g --webui-port $((WORKER_UI + w - 1)) --work-dir "$out/work$w" > "$out/worker$w.log" 2>&1 & pids+=($!)
done
until curl -s "http://127.0.0.1:$MASTER_UI/json/" | grep -q '"aliveworkers" : 2'; do sleep 1; done

# the executors' CPU seconds and the tasks' run seconds, summed over an application's event log
executor_seconds() {
  python3 -c 'import json,sys
cpu=run=0
for line in open(sys.argv[1]):
    e=json.loads(line)
    if e.get("Event")=="SparkListenerTaskEnd" and e.get("Task Metrics"):
        cpu+=e["Task Metrics"]["Executor CPU Time"]; run+=e["Task Metrics"]["Executor Run Time"]
print("%.1f\t%.1f" % (cpu/1e9, run/1e3))' "$1"
}

printf 'job\tdocuments\tload before\tone process wall s\tuser+sys s\tmax RSS MB\tcluster wall s\tdriver user+sys s\tdriver max RSS MB\texecutors CPU s\ttasks run s\tsame bytes\n'
run() { # name corpus plan...
  local name=$1 corpus=$2; shift 2
  local docs; docs=$(wc -l < "$corpus")
  local load; load=$(cut -d' ' -f1 /proc/loadavg)
  /usr/bin/time -f '%e\t%U\t%S\t%M' -o "$out/$name.local.time" java -jar target/tmeval.jar compare $MODELS --corpus "$corpus" "$@" \
      --threads 2 --no-timing --out "$out/$name.local.tsv" > "$out/$name.local.out" 2>&1
  /usr/bin/time -f '%e\t%U\t%S\t%M' -o "$out/$name.cluster.time" java $OPENS -cp "$SPARK_HOME/jars/*" org.apache.spark.deploy.SparkSubmit \
      --class tmeval.spark.SparkMain --master "spark://127.0.0.1:$MASTER_PORT" --executor-memory 512m \
      --conf spark.eventLog.enabled=true --conf "spark.eventLog.dir=file://$out/events" \
      target/tmeval-spark.jar compare $MODELS --corpus "$corpus" "$@" --no-timing --out "$out/$name.cluster.tsv" > "$out/$name.cluster.out" 2>&1
  local same=no; cmp -s "$out/$name.local.tsv" "$out/$name.cluster.tsv" && same=yes
  local log; log=$(ls -t "$out"/events/app-* | head -1)
  IFS=$'\t' read -r lw lu ls lm < "$out/$name.local.time"
  IFS=$'\t' read -r cw cu cs cm < "$out/$name.cluster.time"
  printf '%s\t%s\t%s\t%s\t%.1f\t%d\t%s\t%.1f\t%d\t%s\t%s\n' "$name" "$docs" "$load" "$lw" "$(echo "$lu + $ls" | bc)" $((lm / 1024)) \
      "$cw" "$(echo "$cu + $cs" | bc)" $((cm / 1024)) "$(executor_seconds "$log")" "$same"
}
run sample "$out/sample.tokens" $PLAN
run big "$out/big.tokens" $PLAN
run big-no-work "$out/big.tokens" --method ratio-convex --temperatures 1 --burn-in 0 --runs 2
