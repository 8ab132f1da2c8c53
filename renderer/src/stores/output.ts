import { defineStore } from 'pinia'
import { computed, ref, shallowRef, watch } from 'vue'
import type { PlotState, PlotTarget, PortEntry } from '../../../shared/api/contract'
import {
  DEFAULT_EXPORT,
  exportSettingsSchema,
  exportSheet,
  type ExportSettings,
} from '../../../shared/drawing/export-settings'
import type { Sheet } from '../../../shared/drawing/sheet'
import { solvedJob } from '../../../shared/api/job-view'
import { pentagonSheet } from '../../../shared/pentagons/sheet'
import { BUNDLED_DEVICES } from '../../../shared/plotter/bundled'
import type { DeviceProfile } from '../../../shared/plotter/profile'
import { api } from '../api'
import { usePentagons } from './pentagons'
import { useExactTilings } from './exact-tilings'
import { exactSheet } from '../../../shared/offlattice/sheet'
import { useSolver } from './solver'

/**
 * Exports and plotting: the export settings (kept across sessions), the open dialog, the sheet
 * the preview shows (laid out here with the same shared code the export runs), and the running
 * plot's state from the plotter service's events.
 */
const STORAGE_KEY = 'pw-export-settings'

function loadSettings(): ExportSettings {
  try {
    const r = exportSettingsSchema.safeParse(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? ''))
    if (r.success) return { ...r.data, only: undefined }
  } catch {
    // Nothing stored yet, or something unreadable: start from the defaults.
  }
  return structuredClone(DEFAULT_EXPORT)
}

export interface PlotRun {
  readonly plotId: string
  state: PlotState
  sent: number
  total: number
  message?: string
  /** Cancelled where the plotter stopped: Resume goes on from there. */
  canGoOn?: boolean
}

const DEFAULT_TARGET: PlotTarget = {
  kind: 'serial',
  path: '',
  baudRate: 9600,
  dataBits: 8,
  parity: 'none',
  stopBits: 1,
  flow: 'escb',
}

export const useOutput = defineStore('output', () => {
  const solver = useSolver()
  const pentagons = usePentagons()
  const exact = useExactTilings()
  /**
   * What the export dialog and the plot panel draw: the job's tilings, the pentagons shown, or
   * the tilings of the figure off the lattice solved.
   */
  const source = ref<'job' | 'pentagons' | 'exact'>('job')
  /** The same, as export.sheet and plotter.start name it. */
  const sheetSource = computed(() => {
    if (source.value === 'job') return solver.job ? { jobId: solver.job.jobId } : undefined
    if (source.value === 'exact') return exact.runId ? { exact: { runId: exact.runId } } : undefined
    const numbers = pentagons.shown.map((p) => p.number)
    return pentagons.runId && numbers.length > 0
      ? { pentagons: { runId: pentagons.runId, numbers } }
      : undefined
  })
  const settings = ref<ExportSettings>(loadSettings())
  watch(
    settings,
    (s) => localStorage.setItem(STORAGE_KEY, JSON.stringify({ ...s, only: undefined })),
    { deep: true },
  )
  const open = ref<'export' | 'plot' | undefined>()
  const page = ref(0)
  const target = ref<PlotTarget>({ ...DEFAULT_TARGET })
  const ports = shallowRef<PortEntry[]>([])
  const devices = shallowRef<PortEntry[]>([])
  /** How to add a plotter to the lists, as the host says: a simulated one, another device. */
  const help = shallowRef<{ simulator?: string; addDevice?: string }>({})
  const plot = ref<PlotRun | undefined>()
  /** The device profiles as the host reads them (the bundled ones until it answers). */
  const profiles = shallowRef<readonly DeviceProfile[]>(BUNDLED_DEVICES)
  /** Why the user's devices.json was left out, in the host's words. */
  const devicesError = ref<string | undefined>()

  async function loadDevices(): Promise<void> {
    const r = await api.call('plotter.devices', {})
    profiles.value = r.devices
    devicesError.value = r.error
  }

  /** The profiles the app plots to: HP-GL, G-code and the AxiDraw's EBB (export writes the first two). */
  const plotters = computed(() => profiles.value)
  /** The chosen device, or the first of its kind when the chosen one is not (or no longer) there. */
  const device = computed((): DeviceProfile => {
    const id = settings.value.plotter.device
    return plotters.value.find((d) => d.id === id) ?? plotters.value[0]
  })
  // Another device may not take the paper chosen for the last one.
  watch(device, (d) => {
    if (!(settings.value.plotter.paper in d.papers))
      settings.value.plotter.paper = Object.keys(d.papers)[0]
  })
  /** A device of `protocol`: the chosen one if it speaks it, else the first that does. */
  function chooseProtocol(protocol: 'hpgl' | 'gcode'): void {
    if (device.value.protocol === protocol) return
    const first = plotters.value.find((d) => d.protocol === protocol)
    if (first) settings.value.plotter.device = first.id
  }

  /** The sheet in `format`'s layout: pages of the paper, or one continuous page for SVG. */
  function layout(format: ExportSettings['format']): Sheet | undefined {
    const s = { ...settings.value, format }
    const make = (): Sheet | undefined => {
      if (source.value === 'pentagons')
        return pentagons.set && pentagons.shown.length > 0
          ? pentagonSheet(pentagons.set, pentagons.shown, s)
          : undefined
      if (source.value === 'exact')
        return exact.set && exact.solved && exact.mode
          ? exactSheet(exact.set, [exact.solved], exact.mode, s)
          : undefined
      const job = solver.job
      if (!job || job.figures.every((f) => f.tilings.length === 0)) return undefined
      return exportSheet(solvedJob(job), s)
    }
    // A sheet the settings cannot lay out (margins too wide) shows no preview.
    try {
      return make()
    } catch {
      return undefined
    }
  }
  // Lazy: laid out only while a dialog shows it (never during a solve, whose tilings stream in).
  const sheet = computed(() => layout(settings.value.format))
  /**
   * The sheet the plot panel plots, paged on the paper as the host and the CLI plot it whatever
   * the export format (a continuous SVG page would be squeezed onto one sheet of paper).
   */
  const plotSheet = computed(() =>
    settings.value.format === 'hpgl' || settings.value.format === 'pdf'
      ? sheet.value
      : layout('hpgl'),
  )

  api.onEvent((e) => {
    if (e.type !== 'plot.state' || e.plotId !== plot.value?.plotId) return
    const { state, sent, total, message } = e
    Object.assign(plot.value, { state, sent, total, message, canGoOn: e.canGoOn === true })
  })

  async function refreshPorts(): Promise<void> {
    const found = await api.call('plotter.ports', {})
    ports.value = found.ports
    devices.value = found.devices
    help.value = { simulator: found.simulator, addDevice: found.addDevice }
    const first = (target.value.kind === 'serial' ? found.ports : found.devices)[0]
    if (target.value.kind !== 'file' && !target.value.path && first) {
      target.value = { ...target.value, path: first.path }
    }
  }

  /** The path last given for each kind of target: a port never lands in the file field. */
  const pathOf: Record<PlotTarget['kind'], string> = { serial: '', device: '', file: '' }
  function setTargetKind(kind: PlotTarget['kind']): void {
    pathOf[target.value.kind] = target.value.path
    const listed = (kind === 'serial' ? ports.value : kind === 'device' ? devices.value : [])[0]
    const path = pathOf[kind] || (listed?.path ?? '')
    target.value = kind === 'serial' ? { ...DEFAULT_TARGET, path } : { kind, path }
  }

  return {
    settings,
    source,
    sheetSource,
    open,
    page,
    target,
    ports,
    devices,
    help,
    plot,
    profiles,
    devicesError,
    plotters,
    device,
    loadDevices,
    chooseProtocol,
    sheet,
    plotSheet,
    refreshPorts,
    setTargetKind,
  }
})
