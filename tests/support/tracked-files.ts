import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The repository's root folder, with a trailing slash. */
export const repoRootDir = fileURLToPath(new URL('../..', import.meta.url));

/** Every file git tracks, repo-relative (the guards read what a clone has, nothing else). */
export function trackedFiles(): string[] {
  try {
    return execFileSync('git', ['ls-files', '-z'], { cwd: repoRootDir, encoding: 'utf8', maxBuffer: 64 << 20 })
      .split('\0')
      .filter(Boolean);
  } catch {
    throw new Error('the repository guards need git (run the tests inside a clone)');
  }
}

/** Which of `paths` (repo-relative) git ignores: build output and data a test may name but a clone lacks. */
export function ignoredPaths(paths: string[]): Set<string> {
  if (paths.length === 0) return new Set();
  try {
    const out = execFileSync('git', ['check-ignore', '--no-index', '--stdin'], {
      cwd: repoRootDir,
      input: paths.join('\n'),
      encoding: 'utf8',
    });
    return new Set(out.split('\n').filter(Boolean));
  } catch (error) {
    // Exit status 1: none of them is ignored.
    if ((error as { status?: number }).status === 1) return new Set();
    throw error;
  }
}
