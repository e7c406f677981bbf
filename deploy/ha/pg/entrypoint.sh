#!/usr/bin/env bash
# A Postgres node: Patroni with /etc/patroni/patroni.yml (deploy/ha/patroni.yml), what differs per
# node from the environment the compose file sets (PATRONI_NAME, the addresses, the passwords). The
# first node to take the leader key in etcd initialises the cluster and becomes the primary; the
# other is created from it by pg_basebackup and becomes its synchronous standby. Any other command
# (the compose file's etcd members) runs as given.
set -euo pipefail
if [ $# -gt 0 ]; then exec "$@"; fi
mkdir -p /var/lib/postgresql/data && chmod 700 /var/lib/postgresql/data
exec patroni /etc/patroni/patroni.yml
