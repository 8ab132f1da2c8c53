/**
 * The Konva the renderer loads: the core and the four shapes the views draw with, instead of the
 * whole library with its filters (the bundle is half the size, and start-up is faster for it).
 * The build points every `import 'konva'` (vue-konva's too) here.
 */
import Konva from 'konva/lib/Core'
import 'konva/lib/shapes/Circle'
import 'konva/lib/shapes/Line'
import 'konva/lib/shapes/Rect'
import 'konva/lib/shapes/Text'

export default Konva
