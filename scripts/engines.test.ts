import { readFileSync } from 'node:fs'
import semver from 'semver'
import { describe, expect, it } from 'vitest'

interface Locked {
  version?: string
  optional?: boolean
  engines?: { node?: string }
}
const stated = JSON.parse(readFileSync('package.json', 'utf8')).engines.node as string
const locked = Object.entries(
  JSON.parse(readFileSync('package-lock.json', 'utf8')).packages as Record<string, Locked>,
)

describe('the Node versions package.json states', () => {
  // The oldest of each part of the range (22.13.0, 24.0.0); npm warns EBADENGINE for every
  // package that refuses the Node it runs on, and skips optional ones silently.
  it.each(stated.split('||').map((part) => semver.minVersion(part)!.version))(
    'Node %s is accepted by every package npm installs',
    (node) => {
      const refusing = locked
        .filter(([path, p]) => path !== '' && !p.optional && typeof p.engines?.node === 'string')
        .filter(([, p]) => !semver.satisfies(node, p.engines!.node!))
        .map(
          ([path, p]) =>
            `${path.replace(/^.*node_modules\//, '')}@${p.version}: ${p.engines!.node}`,
        )
      expect(refusing).toEqual([])
    },
  )

  it('include the Node .ci/run takes where the system has an older one', () => {
    const pinned = /^NODE_VERSION=(\S+)$/m.exec(readFileSync('.ci/run', 'utf8'))![1]
    expect(semver.satisfies(pinned, stated)).toBe(true)
  })
})
