"""Streamlit pages and widgets of the trainer (card pictures, lesson and rules pages)."""
