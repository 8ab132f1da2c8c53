import { describe, expect, it } from 'vitest'
import { useDialogs } from './dialogs'

describe('the dialogs store', () => {
  it('a file dialog answers the path chosen, or nothing when closed, and goes away', async () => {
    const d = useDialogs()
    const picked = d.pickFile('save', 'tangram.json')
    expect(d.modal).toMatchObject({
      kind: 'file',
      mode: 'save',
      suggestedName: 'tangram.json',
      extension: '.json',
      listed: ['.json'],
    })
    if (d.modal?.kind !== 'file') throw new Error('no file dialog')
    d.modal.resolve('/files/tangram.json')
    expect(d.modal).toBeUndefined()
    expect(await picked).toBe('/files/tangram.json')

    const closed = d.pickFile('open', '', '.json', ['.json', '.txt'])
    if (d.modal?.kind !== 'file') throw new Error('no file dialog')
    expect(d.modal.listed).toEqual(['.json', '.txt'])
    d.modal.resolve()
    expect(await closed).toBeUndefined()
  })

  it('a confirmation answers the action chosen', async () => {
    const d = useDialogs()
    const asked = d.confirm('"Tangram" has unsaved changes.', ['Save', "Don't save", 'Cancel'])
    expect(d.modal).toMatchObject({ kind: 'confirm', message: '"Tangram" has unsaved changes.' })
    if (d.modal?.kind !== 'confirm') throw new Error('no confirmation')
    d.modal.resolve("Don't save")
    expect(await asked).toBe("Don't save")
    expect(d.modal).toBeUndefined()
  })
})
