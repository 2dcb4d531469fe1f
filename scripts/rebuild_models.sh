#!/usr/bin/env bash
# Rebuild every model and prepared file the search ships, from the repository and the seeds
# alone, in the order each needs the one before (docs/search.md, "Rebuilding the models"):
#   1. gcacw_ref/text/rank_config.json  the ranking's constants (rank_config.RankConfig)
#   2. gcacw_ref/text/asked_lines.toml  players' questions as encoder lines (asked_lines.py)
#   3. gcacw_ref/text/lines.json, lines.sem  the lines' tokens and vectors (lines_vectors.py)
#   4. gcacw_ref/text/lines.clf, lines_ja.clf  the trained ranker (train_ranker.py)
#   5. gcacw_ref/text/rerank.json  the learned last look (train_rerank.py, on records of the
#      tuning halves and of the two files of writers' lines)
# Each file is stamped with what it was made from, and a test fails while a stamp is stale.
# Records, encoded lines and the imported seeds are kept in $WORK (default .train-cache):
#   scripts/rebuild_models.sh [WORK]
# Takes tens of minutes of CPU (the encoder reads every line and every recorded question).
set -euo pipefail
cd "$(dirname "$0")/.."
export PYTHONPATH="$PWD${PYTHONPATH:+:$PYTHONPATH}"
work=${1:-.train-cache}
mkdir -p "$work"
export GCACW_REF_HOME="$work/home"  # the seeds imported once (scripts/tune_eval.py)
python3 -c 'from gcacw_ref.text.rank_config import CONFIG, CONFIG_FILE; CONFIG_FILE.write_text(CONFIG.to_json())'
python3 scripts/asked_lines.py
python3 scripts/lines_vectors.py
python3 scripts/train_ranker.py --cache "$work"
python3 scripts/tune_offline.py record "$work/tune.pkl"
python3 scripts/train_rerank.py record scripts/data/asks_more.toml "$work/more.pkl"
python3 scripts/train_rerank.py record scripts/data/asks_rerank.toml "$work/fresh.pkl"
python3 scripts/train_rerank.py "$work/tune.pkl" "$work/more.pkl" "$work/fresh.pkl" \
  K=3 LAM=1 G=base+lines --write --langs en
git status --short gcacw_ref/text
