#!/bin/sh
# Writes the configuration from the environment (DB_HOST, DB_NAME, DB_USER, DB_PASSWORD,
# POOL_SIZE) and runs pgbouncer in the foreground.
set -eu
sed -e "s/@DB_HOST@/${DB_HOST}/" -e "s/@DB_NAME@/${DB_NAME}/" -e "s/@POOL_SIZE@/${POOL_SIZE:-40}/" \
  /etc/pgbouncer/pgbouncer.ini.template > /etc/pgbouncer/pgbouncer.ini
# A plain password: pgbouncer checks the client's SCRAM with it and logs in to Postgres with it.
printf '"%s" "%s"\n' "$DB_USER" "$DB_PASSWORD" > /etc/pgbouncer/userlist.txt
exec pgbouncer /etc/pgbouncer/pgbouncer.ini
