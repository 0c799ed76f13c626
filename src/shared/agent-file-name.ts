// Which names a file in an agent run's working directory may have: the page, the task rows and
// the sandbox all check the same rule.

/** Why `name` cannot name a file in the working directory, or undefined when it can. */
export function fileNameProblem(name: string): string | undefined {
  if (name === '' || name.startsWith('/') || name.includes('\\') || name.includes('\0'))
    return `"${name}" is not a file name the working directory can hold`;
  if (name.split('/').some((part) => part === '' || part === '.' || part === '..'))
    return `"${name}" must name a file inside the working directory (no "..", no empty parts)`;
  return undefined;
}
