import { execFile, spawn, spawnSync } from 'node:child_process';
import { existsSync, openSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * Docker for the container test, on a machine that may have none yet: Debian's docker.io, its
 * daemon on the vfs storage driver (it runs inside containers and sandboxes where overlay mounts
 * are refused), Debian's Compose v2, and a stand-in for the Dockerfile's base image when no
 * registry serves it (build-stand-in-base.sh).
 */
const run = promisify(execFile);
const isRoot = os.userInfo().uid === 0;
const hasApt = () => spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
export const DOCKER = existsSync('/usr/bin/docker') ? '/usr/bin/docker' : 'docker';

export async function docker(args: string[], options: { timeoutMs?: number } = {}): Promise<string> {
  const { stdout } = await run(DOCKER, args, { maxBuffer: 64 * 1024 * 1024, timeout: options.timeoutMs ?? 120_000 });
  return stdout.trim();
}

function aptInstall(packages: string[]): void {
  if (!isRoot || !hasApt())
    throw new Error(`the container test needs ${packages.join(', ')}: install them (Debian: apt-get install -y ${packages.join(' ')})`);
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  const installed = spawnSync('apt-get', ['install', '-y', '-qq', ...packages], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (installed.status !== 0) throw new Error(`apt-get install ${packages.join(' ')} failed`);
}

const daemonAnswers = () => spawnSync(DOCKER, ['info', '--format', '{{.ServerVersion}}'], { stdio: 'ignore' }).status === 0;

/** Makes sure a Docker daemon answers; answers a stop function when this call started it. */
export async function ensureDocker(workDir: string): Promise<() => Promise<void>> {
  if (!existsSync('/usr/bin/docker') && spawnSync('sh', ['-c', 'command -v docker'], { stdio: 'ignore' }).status !== 0)
    aptInstall(['docker.io']);
  if (daemonAnswers()) return async () => undefined;
  if (!existsSync('/usr/sbin/dockerd')) aptInstall(['docker.io']);
  if (!isRoot) throw new Error('no Docker daemon answers, and starting one needs root');
  await mkdir(workDir, { recursive: true });
  const log = openSync(path.join(workDir, 'dockerd.log'), 'a');
  const daemon = spawn('dockerd', ['--storage-driver=vfs'], { detached: true, stdio: ['ignore', log, log] });
  daemon.unref();
  for (let waited = 0; !daemonAnswers(); waited += 500) {
    if (waited > 60_000) throw new Error(`dockerd did not answer within a minute; see ${path.join(workDir, 'dockerd.log')}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return async () => {
    daemon.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  };
}

/** The base image, from a registry when one serves it, else the stand-in. */
export async function ensureBaseImage(tag: string, workDir: string): Promise<'present' | 'stand-in'> {
  if (spawnSync(DOCKER, ['image', 'inspect', tag], { stdio: 'ignore' }).status === 0) return 'present';
  if (spawnSync(DOCKER, ['pull', tag], { stdio: 'ignore', timeout: 120_000 }).status === 0) return 'present';
  if (spawnSync('sh', ['-c', 'command -v debootstrap'], { stdio: 'ignore' }).status !== 0) aptInstall(['debootstrap']);
  const built = spawnSync(path.join(import.meta.dirname, 'build-stand-in-base.sh'), [tag, workDir], { stdio: 'inherit', timeout: 600_000 });
  if (built.status !== 0) throw new Error(`building the stand-in for ${tag} failed`);
  return 'stand-in';
}

/**
 * `docker compose` (Compose v2). Debian bookworm packages only Compose v1; Debian trixie's
 * docker-compose package is v2, and the stand-in's root file system (trixie) fetches it.
 */
export async function composeCommand(workDir: string): Promise<string[]> {
  if (spawnSync(DOCKER, ['compose', 'version'], { stdio: 'ignore' }).status === 0) return [DOCKER, 'compose'];
  const plugin = path.join(workDir, 'docker-compose');
  if (!existsSync(plugin)) {
    const rootfs = path.join(workDir, 'rootfs');
    if (!existsSync(path.join(rootfs, 'bin/bash'))) {
      if (spawnSync('sh', ['-c', 'command -v debootstrap'], { stdio: 'ignore' }).status !== 0) aptInstall(['debootstrap']);
      const made = spawnSync('debootstrap', ['--variant=minbase', 'trixie', rootfs, 'http://deb.debian.org/debian'], {
        stdio: 'ignore',
        timeout: 600_000,
      });
      if (made.status !== 0) throw new Error('debootstrap of Debian trixie failed');
    }
    const fetched = spawnSync(
      'sh',
      [
        '-c',
        `cp /etc/resolv.conf "${rootfs}/etc/resolv.conf" && chroot "${rootfs}" sh -c 'apt-get update -qq && cd /tmp && apt-get download -qq docker-compose' && dpkg-deb --fsys-tarfile "${rootfs}"/tmp/docker-compose_*.deb | tar -xO ./usr/libexec/docker/cli-plugins/docker-compose > "${plugin}" && chmod +x "${plugin}"`,
      ],
      { stdio: 'inherit', timeout: 300_000 },
    );
    if (fetched.status !== 0) throw new Error('could not fetch Compose v2 (Debian trixie docker-compose)');
  }
  return [plugin];
}
