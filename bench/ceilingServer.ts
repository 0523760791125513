// Child process of the benchmark: the machine's ceiling, a bare Express 5 route answering a fixed 5 KB JSON.
import express from 'express'

const port = Number(process.argv[2])
const body = {
  events: Array.from({ length: 10 }, (_, i) => ({ id: i + 1, title: `Event ${i + 1}`, description: 'x'.repeat(400), url: `http://localhost/event/${i + 1}/` })),
}
const app = express()
app.get('/ceiling', (_req, res) => {
  res.json(body)
})
app.listen(port, '127.0.0.1', () => process.send?.({ ready: true }))
