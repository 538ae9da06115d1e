import { spawnSync } from 'node:child_process'

/**
 * Installs a Debian package when its command is missing, as the README's commands promise (the
 * sandbox voice of dubbing speaks with espeak-ng). Rules: nothing happens when the command exists;
 * apt-get runs as root, or through sudo without a password prompt; a failure is reported, never
 * thrown: the app runs, and only what needs the package says it is unavailable.
 */
export function ensureSystemPackage(command: string, pkg = command): { installed: boolean; message?: string } {
  if (spawnSync('sh', ['-c', `command -v ${command}`]).status === 0) return { installed: true }
  const asRoot = process.getuid?.() === 0
  const run = (args: string[]) => spawnSync(asRoot ? args[0] : 'sudo', asRoot ? args.slice(1) : ['-n', ...args], { stdio: 'ignore', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
  run(['apt-get', 'update', '-qq'])
  const install = run(['apt-get', 'install', '-y', '-qq', pkg])
  if (install.status === 0 && spawnSync('sh', ['-c', `command -v ${command}`]).status === 0) return { installed: true, message: `installed ${pkg} from Debian's packages` }
  return { installed: false, message: `${command} is not installed and could not be installed (apt-get install ${pkg})` }
}
