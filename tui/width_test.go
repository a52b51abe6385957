package tui

import "github.com/charmbracelet/lipgloss"

func lipglossWidth(s string) int { return lipgloss.Width(s) }
