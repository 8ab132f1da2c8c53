import { createPinia } from 'pinia'
import { createApp } from 'vue'
import VueKonva from 'vue-konva/core'
import App from './App.vue'
import './style.css'

createApp(App).use(createPinia()).use(VueKonva).mount('#app')
